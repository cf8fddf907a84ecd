import { TOPICS, userDeletedDataSchema } from '@oneeta/contracts';
import { idempotent, type Database, type EventBus, type Redis } from '@oneeta/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import { scrubContent } from '../domain/erasure.js';
import { communicationUserIdOf } from '../domain/identity.js';
import { eraseUser } from '../store/erase-user.js';

export const USER_DELETED_GROUP = 'communication:user-deleted';

export interface UserDeletedDeps {
  bus: Pick<EventBus, 'consume'>;
  db: Database;
  redis: Redis;
  prefix: string;
  consumer: string;
  /** Called after the erasure commits (wakes the outbox relay). */
  onCommit?: () => void;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/**
 * On `user.deleted`: erases what the chat holds for the account in one transaction (eraseUser).
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
      const erased = await deps.db.transaction(async (handle) =>
        eraseUser(handle as unknown as Database, parsed.data.userId, { embeddedId: communicationUserIdOf(parsed.data.userId), scrub: scrubContent }),
      );
      deps.onCommit?.();
      deps.log.info({ eventId: event.id, ...erased }, 'deleted account erased');
    }),
    onError: (err, event) =>
      deps.log.error({ err, eventId: event?.id }, 'user.deleted not applied'),
  });
}
