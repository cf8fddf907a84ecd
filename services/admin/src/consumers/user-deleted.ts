import { TOPICS, userDeletedDataSchema } from '@oneeta/contracts';
import { accountKey, idempotent, storeAccountDeleted, type Database, type EventBus, type Redis } from '@oneeta/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import { eraseUser } from '../store/erase-user.js';

export const USER_DELETED_GROUP = 'admin:user-deleted';

export interface UserDeletedDeps {
  bus: Pick<EventBus, 'consume'>;
  db: Database;
  redis: Redis;
  prefix: string;
  consumer: string;
  /** How long the account view keeps the tombstone (ACCOUNT_VIEW_TTL_SECONDS). */
  accountTtlSeconds: number;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/**
 * On `user.deleted`: anonymises the account's ledger and audit rows in one transaction (eraseUser).
 * Once per event id; a replay, or a second event for the account, finds nothing more to change.
 */
export function startUserDeletedConsumer(deps: UserDeletedDeps) {
  return deps.bus.consume<unknown>({
    topic: TOPICS.userDeleted,
    group: USER_DELETED_GROUP,
    consumer: deps.consumer,
    startId: '0',
    handler: idempotent(deps.redis, deps.prefix, USER_DELETED_GROUP, async (event) => {
      const parsed = userDeletedDataSchema.safeParse(event.data);
      if (!parsed.success) {
        deps.log.warn({ eventId: event.id }, 'user.deleted ignored: bad payload');
        return;
      }
      const { userId, email, deletedAt } = parsed.data;
      // The view marks the account deleted first, so usage of it arriving late is stored anonymised.
      const at = Number.isNaN(Date.parse(deletedAt)) ? new Date().toISOString() : deletedAt;
      await storeAccountDeleted(deps.redis, deps.prefix, userId, at, deps.accountTtlSeconds);
      const erased = await deps.db.transaction(async (handle) => eraseUser(handle as unknown as Database, userId, email));
      deps.log.info({ eventId: event.id, ...erased }, 'deleted account anonymised');
    }),
    onError: (err, event) => deps.log.error({ err, eventId: event?.id }, 'user.deleted not applied'),
  });
}

/** Whether the account view holds the account's tombstone (deleted within ACCOUNT_VIEW_TTL_SECONDS). */
export const accountDeletedIn =
  (redis: Redis, prefix: string) =>
  async (userId: string): Promise<boolean> =>
    (await redis.hget(accountKey(prefix, userId), 'account')) === 'null';
