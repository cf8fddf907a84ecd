import { TOPICS, type EventEnvelope, type Topic } from '@oneeta/contracts';
import {
  consumeEvents,
  consumerGroup,
  type EventData,
  type EventsContext,
} from '@oneeta/service-kit';
import { ERASED } from '../store/erase-user.js';
import type { LedgerStore } from '../store/ledger-store.js';

export const LEDGER_GROUP = 'admin:ledger';

export interface LedgerConsumerDeps extends EventsContext {
  /** Whether the account was deleted (the account view's tombstone): its late usage is stored under ERASED. */
  isDeleted?: ((userId: string) => Promise<boolean>) | undefined;
  ledger: LedgerStore;
}

/**
 * The usage ledger's intake: every usage topic on the bus, stored once per event id (a redelivered
 * event inserts nothing), and `session.changed` for each session's owner and state. A bad payload
 * is dead-lettered by the bus; a database failure throws, and the bus redelivers.
 */
export function startLedgerConsumers(deps: LedgerConsumerDeps) {
  const { ledger } = deps;
  /** A usage fact that arrives after its account's deletion names nobody, like the rows erased before it. */
  const owner = async <D extends { userId: string }>(data: D): Promise<D> =>
    (await deps.isDeleted?.(data.userId)) ? { ...data, userId: ERASED } : data;
  const on = <T extends Topic>(
    topic: T,
    store: (event: EventEnvelope<EventData<T>>, data: EventData<T>) => Promise<unknown>,
  ) =>
    consumeEvents(deps, {
      topic,
      group: LEDGER_GROUP,
      failure: 'ledger: event not stored',
      handle: (data, event) => store(event, data),
    });
  return consumerGroup([
    on(TOPICS.usageRecorded, (e, d) => ledger.recordMaps(e.id, new Date(e.occurredAt), d)),
    on(TOPICS.notificationSent, async (e, d) => ledger.recordNotification(e.id, await owner(d))),
    on(TOPICS.chatMessage, (e, d) => ledger.recordChat(e.id, d)),
    on(TOPICS.callUsage, (e, d) => ledger.recordCall(e.id, d)),
    on(TOPICS.billingUsage, async (e, d) => ledger.recordBilling(e.id, await owner(d))),
    on(TOPICS.sessionChanged, (e, d) => ledger.recordSession(d, new Date(e.occurredAt))),
  ]);
}
