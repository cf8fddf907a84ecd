import { TOPICS } from '@oneeta/contracts';
import {
  accountKey,
  consumeEvents,
  storeAccountDeleted,
  type Database,
  type EventBus,
  type Redis,
} from '@oneeta/service-kit';
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
  return consumeEvents(deps, {
    topic: TOPICS.userDeleted,
    group: USER_DELETED_GROUP,
    once: true,
    failure: 'user.deleted not applied',
    handle: async ({ userId, email, deletedAt }, event) => {
      // The view marks the account deleted first, so usage of it arriving late is stored anonymised.
      await storeAccountDeleted(deps.redis, deps.prefix, userId, deletedAt, deps.accountTtlSeconds);
      const erased = await deps.db.transaction(async (handle) =>
        eraseUser(handle as unknown as Database, userId, email),
      );
      deps.log.info({ eventId: event.id, ...erased }, 'deleted account anonymised');
    },
  });
}

/** Whether the account view holds the account's tombstone (deleted within ACCOUNT_VIEW_TTL_SECONDS). */
export const accountDeletedIn =
  (redis: Redis, prefix: string) =>
  async (userId: string): Promise<boolean> =>
    (await redis.hget(accountKey(prefix, userId), 'account')) === 'null';
