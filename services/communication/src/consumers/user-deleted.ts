import { TOPICS } from '@oneeta/contracts';
import { consumeEvents, type Database, type EventBus, type Redis } from '@oneeta/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import { scrubContent } from '../domain/erasure.js';
import { communicationUserIdOf } from '../domain/identity.js';
import type { ChatBackend } from '../providers/chat-backend.js';
import { eraseUser } from '../store/erase-user.js';

export const USER_DELETED_GROUP = 'communication:user-deleted';

export interface UserDeletedDeps {
  bus: Pick<EventBus, 'consume'>;
  db: Database;
  redis: Redis;
  prefix: string;
  consumer: string;
  /** The chat provider: a deleted account's identity goes there too (ACS). */
  chat?: Pick<ChatBackend, 'forgetUser'>;
  /** Called after the erasure commits (wakes the outbox relay). */
  onCommit?: () => void;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/**
 * On `user.deleted`: erases what the chat holds for the account in one transaction (eraseUser).
 * Once per event id; a replay, or a second event for the account, finds nothing more to change.
 */
export function startUserDeletedConsumer(deps: UserDeletedDeps) {
  return consumeEvents(deps, {
    topic: TOPICS.userDeleted,
    group: USER_DELETED_GROUP,
    once: true,
    failure: 'user.deleted not applied',
    handle: async (data, event) => {
      // The provider first (it reads the stored ACS identity the erasure removes); a failure there
      // leaves the event to be delivered again.
      await deps.chat?.forgetUser(data.userId);
      const erased = await deps.db.transaction(async (handle) =>
        eraseUser(handle as unknown as Database, data.userId, {
          embeddedId: communicationUserIdOf(data.userId),
          scrub: scrubContent,
        }),
      );
      deps.onCommit?.();
      deps.log.info({ eventId: event.id, ...erased }, 'deleted account erased');
    },
  });
}
