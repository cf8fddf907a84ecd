import { TOPICS, userDeletedDataSchema, type EventEnvelope } from '@oneeta/contracts';
import { idempotent, type EventBus, type Redis } from '@oneeta/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { Billing } from '../subscriptions/billing.js';

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
export function userDeletedHandler(deps: UserDeletedDeps): (event: EventEnvelope<unknown>) => Promise<void> {
  return idempotent(deps.redis, deps.prefix, USER_DELETED_GROUP, async (event) => {
    const parsed = userDeletedDataSchema.safeParse(event.data);
    if (!parsed.success) {
      deps.log.warn({ eventId: event.id }, 'user.deleted ignored: bad payload');
      return;
    }
    const erased = await deps.billing.onUserDeleted(parsed.data);
    deps.log.info({ eventId: event.id, ...erased }, 'deleted account erased');
  });
}

export function startUserDeletedConsumer(deps: UserDeletedDeps & { bus: Pick<EventBus, 'consume'>; consumer: string }) {
  return deps.bus.consume<unknown>({
    topic: TOPICS.userDeleted,
    group: USER_DELETED_GROUP,
    consumer: deps.consumer,
    startId: '0',
    handler: userDeletedHandler(deps),
    onError: (err, event) => deps.log.error({ err, eventId: event?.id }, 'user.deleted not applied'),
  });
}
