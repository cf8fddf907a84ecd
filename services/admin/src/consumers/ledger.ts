import {
  billingUsageDataSchema,
  callUsageDataSchema,
  chatMessageDataSchema,
  notificationSentDataSchema,
  sessionChangedDataSchema,
  TOPICS,
  usageRecordedDataSchema,
  type EventEnvelope,
} from '@oneeta/contracts';
import type { EventBus } from '@oneeta/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { ERASED } from '../store/erase-user.js';
import type { LedgerStore } from '../store/ledger-store.js';

export const LEDGER_GROUP = 'admin:ledger';

export interface LedgerConsumerDeps {
  bus: Pick<EventBus, 'consume'>;
  /** Whether the account was deleted (the account view's tombstone): its late usage is stored under ERASED. */
  isDeleted?: ((userId: string) => Promise<boolean>) | undefined;
  ledger: LedgerStore;
  consumer: string;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/**
 * The usage ledger's intake: every usage topic on the bus, stored once per event id (a redelivered
 * event inserts nothing), and `session.changed` for each session's owner and state. A bad payload
 * is logged and skipped; a database failure throws, and the bus redelivers.
 */
export function startLedgerConsumers(deps: LedgerConsumerDeps) {
  const { ledger } = deps;
  /** A usage fact that arrives after its account's deletion names nobody, like the rows erased before it. */
  const owner = async <D extends { userId: string }>(data: D): Promise<D> =>
    (await deps.isDeleted?.(data.userId)) ? { ...data, userId: ERASED } : data;
  const on = <S extends z.ZodType>(topic: string, schema: S, store: (event: EventEnvelope, data: z.infer<S>) => Promise<unknown>) =>
    deps.bus.consume<unknown>({
      topic,
      group: LEDGER_GROUP,
      consumer: deps.consumer,
      startId: '0',
      handler: async (event) => {
        const parsed = schema.safeParse(event.data);
        if (!parsed.success) {
          deps.log.warn({ eventId: event.id, topic }, 'ledger: event ignored (bad payload)');
          return;
        }
        await store(event, parsed.data);
      },
      onError: (err, event) => deps.log.error({ err, eventId: event?.id, topic }, 'ledger: event not stored'),
    });
  const consumers = [
    on(TOPICS.usageRecorded, usageRecordedDataSchema, (e, d) => ledger.recordMaps(e.id, new Date(e.occurredAt), d)),
    on(TOPICS.notificationSent, notificationSentDataSchema, async (e, d) => ledger.recordNotification(e.id, await owner(d))),
    on(TOPICS.chatMessage, chatMessageDataSchema, (e, d) => ledger.recordChat(e.id, d)),
    on(TOPICS.callUsage, callUsageDataSchema, (e, d) => ledger.recordCall(e.id, d)),
    on(TOPICS.billingUsage, billingUsageDataSchema, async (e, d) => ledger.recordBilling(e.id, await owner(d))),
    on(TOPICS.sessionChanged, sessionChangedDataSchema, (e, d) => ledger.recordSession(d, new Date(e.occurredAt))),
  ];
  return {
    ready: Promise.all(consumers.map((c) => c.ready)).then(() => {}),
    stop: async () => {
      await Promise.all(consumers.map((c) => c.stop()));
    },
  };
}
