import { communicationUserIdOf } from '../domain/identity.js';
import type { ChatStore } from '../store/chat-store.js';
import type { ThreadRow } from '../store/schema.js';
import type { ChatTokens } from '../domain/chat-tokens.js';
import type { ChatBackend, ChatPerson, SessionThread } from './chat-backend.js';

/** The topic of a session's thread (the widget does not show it). */
export const SESSION_THREAD_TOPIC = 'OneETA session chat';

const sessionThreadOf = (row: ThreadRow): SessionThread => ({
  id: row.id,
  sessionId: row.sessionId ?? '',
  createdBy: row.createdBy,
  closed: row.closedOn !== null,
});

const memberOf = (p: ChatPerson) => ({
  userId: communicationUserIdOf(p.userId),
  displayName: p.displayName,
});

/**
 * The embedded chat server behind the port: identities derived from the account id, HS256 tokens
 * signed by this service, threads in this service's own tables (served under `/chat/*`).
 */
export function createEmbeddedChat(deps: {
  store: ChatStore;
  tokens: ChatTokens;
  endpoint: string;
}): ChatBackend {
  const { store, tokens } = deps;
  return {
    mode: 'embedded',
    endpoint: deps.endpoint,
    identityOf: (userId) => Promise.resolve(communicationUserIdOf(userId)),
    async token(userId) {
      const id = communicationUserIdOf(userId);
      return { id, ...(await tokens.issue(id)) };
    },
    async sessionThread(sessionId) {
      const row = await store.threadOfSession(sessionId);
      return row ? sessionThreadOf(row) : null;
    },
    async createSessionThread(sessionId, author) {
      try {
        const { thread } = await store.createThread({
          topic: SESSION_THREAD_TOPIC,
          creator: memberOf(author),
          participants: [],
          sessionId,
        });
        return sessionThreadOf(thread);
      } catch (err) {
        // Two first calls at once: the other one's thread stands (one live thread per session).
        const row = await store.threadOfSession(sessionId);
        if (!row) throw err;
        return sessionThreadOf(row);
      }
    },
    async members(thread) {
      const rows = await store.participants(thread.id, { offset: 0, limit: 1000 });
      return rows.map((p) => ({ id: p.userId, displayName: p.displayName }));
    },
    async addMembers(thread, people) {
      await store.addParticipants(thread.id, people.map(memberOf), thread.createdBy);
    },
    async removeMember(thread, id) {
      await store.removeParticipant(thread.id, id, thread.createdBy);
    },
    async reset(sessionId, author) {
      const { thread, previous } = await store.resetSessionThread({
        sessionId,
        topic: SESSION_THREAD_TOPIC,
        creator: memberOf(author),
      });
      return {
        thread: sessionThreadOf(thread),
        previous: previous ? sessionThreadOf(previous) : null,
      };
    },
    async close(thread) {
      if (!thread.closed) await store.setClosed(thread.id, new Date());
      await store.purgeMessages(thread.id);
    },
    async reopen(thread) {
      if (thread.closed) await store.setClosed(thread.id, null);
    },
    async forgetUser() {
      // Nothing outside the database: the account's erasure covers the embedded chat.
    },
  };
}
