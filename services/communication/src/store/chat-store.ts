import type { Database } from '@oneeta/service-kit';
import { chatWrites, type ChatStoreEffects } from './chat-writes.js';
import { createMessageStore } from './messages.js';
import { createParticipantStore } from './participants.js';
import { createReceiptStore } from './receipts.js';
import { createThreadStore } from './threads.js';
import { createUsageStore } from './usage.js';

export { chatEventNudges, type ChatStoreEffects } from './chat-writes.js';
export type { NewMessage } from './messages.js';
export type { NewParticipant } from './participants.js';
export { newThreadId } from './threads.js';

/**
 * The embedded chat server's storage: one store per entity (threads, participants, messages,
 * read receipts, usage), sharing one database handle and one outbox.
 */
export function createChatStore(db: Database, effects: ChatStoreEffects = {}) {
  const writes = chatWrites(db, effects);
  return {
    ...createThreadStore(writes),
    ...createParticipantStore(writes),
    ...createMessageStore(writes),
    ...createReceiptStore(db),
    ...createUsageStore(writes),
  };
}
export type ChatStore = ReturnType<typeof createChatStore>;
