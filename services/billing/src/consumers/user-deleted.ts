import { TOPICS, type EventEnvelope, type UserDeletedData } from '@oneeta/contracts';
import { consumeEvents, idempotent, type EventsContext, type Redis } from '@oneeta/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { Billing } from '../actions/billing.js';

export const USER_DELETED_GROUP = 'billing:user-deleted';

export interface UserDeletedDeps {
  redis: Redis;
  prefix: string;
  billing: Pick<Billing, 'onUserDeleted'>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/**
 * The handler of `user.deleted`, once per event id: the account's subscriptions end at the
 * provider, then its billing rows are anonymised (Billing.onUserDeleted). A provider outage throws,
 * the event stays unprocessed and the bus delivers it again.
 */
export function userDeletedHandler(
  deps: UserDeletedDeps,
): (event: EventEnvelope<UserDeletedData>) => Promise<void> {
  return idempotent(deps.redis, deps.prefix, USER_DELETED_GROUP, async (event) => {
    const erased = await deps.billing.onUserDeleted(event.data);
    deps.log.info({ eventId: event.id, ...erased }, 'deleted account erased');
  });
}

export function startUserDeletedConsumer(deps: UserDeletedDeps & EventsContext) {
  const handle = userDeletedHandler(deps);
  return consumeEvents(deps, {
    topic: TOPICS.userDeleted,
    group: USER_DELETED_GROUP,
    failure: 'user.deleted not applied',
    handle: (_data, event) => handle(event),
  });
}
