import type { ChatRealtimeEvent } from '@oneeta/contracts';
import {
  publishSessionNudge,
  type AccountLookup,
  type Database,
  type Outbox,
  type Redis,
} from '@oneeta/service-kit';
import type { Config } from './config.js';
import { syncSessionThread } from './consumers/session-changed.js';
import { createAcsChat } from './providers/acs-chat.js';
import type { ChatBackend } from './providers/chat-backend.js';
import { createEmbeddedChat } from './providers/embedded-chat.js';
import type { SessionClient } from './providers/sessions.js';
import { exportUser } from './store/export-store.js';
import { createChatStore, type ChatStore } from './store/chat-store.js';
import { createCallClock } from './store/call-clock.js';
import { createSendLimit } from './store/send-limit.js';
import type { ChatTokens } from './domain/chat-tokens.js';

export interface CommunicationDeps {
  config: Config;
  db: Database;
  redis: Redis;
  /** Issues and checks the embedded chat tokens (createChatTokens over loadTokenSecret's key). */
  tokens: ChatTokens;
  /** The session service's internal routes (membership and authorship). */
  sessions: SessionClient;
  /** Readiness of the database (the handle's ping). */
  pingDb: () => Promise<void>;
  /** The current account by id (plan for the chat limit): createAccountDirectory's get. */
  accounts: AccountLookup;
  /** The transactional outbox (openServiceOutbox over schema.ts's `outbox`): chat nudges and usage events. */
  outbox: Outbox;
  /** Wakes the outbox relay after a commit that added rows (else it finds them on its next poll). */
  wakeRelay?: (() => void) | undefined;
  /** The chat server behind the communication calls; chatBackendFor(config) when not given. */
  chat?: ChatBackend | undefined;
}

/** The chat server the config asks for: ACS when ACS_CONNECTION_STRING is set, else the embedded one. */
export function chatBackendFor(
  deps: Pick<CommunicationDeps, 'config' | 'db' | 'tokens' | 'outbox' | 'wakeRelay'>,
  store: ChatStore = createChatStore(deps.db, { outbox: deps.outbox, onCommit: deps.wakeRelay }),
): ChatBackend {
  const connectionString = deps.config.ACS_CONNECTION_STRING;
  return connectionString
    ? createAcsChat({
        connectionString,
        db: deps.db,
        outbox: deps.outbox,
        onCommit: deps.wakeRelay,
      })
    : createEmbeddedChat({ store, tokens: deps.tokens, endpoint: deps.config.PUBLIC_URL });
}

/** What the route modules share. */
export function createContext(deps: CommunicationDeps) {
  const store = createChatStore(deps.db, { outbox: deps.outbox, onCommit: deps.wakeRelay });
  const chat = deps.chat ?? chatBackendFor(deps, store);
  return {
    chat,
    config: deps.config,
    redis: deps.redis,
    tokens: deps.tokens,
    sessions: deps.sessions,
    store,
    accounts: deps.accounts,
    /** What the chat holds about one account (the data export). */
    exportUser: (userId: string, embeddedId: string) => exportUser(deps.db, userId, embeddedId),
    /** Brings a session's thread in line with the session (closed or not, its members). */
    syncThread: (sessionId: string) =>
      syncSessionThread(
        { chat, store, sessions: deps.sessions, accounts: deps.accounts },
        sessionId,
      ),
    sendLimit: createSendLimit(deps.redis, deps.config.REDIS_PREFIX),
    /** When each member's call began, as the server saw it (call-usage start and end). */
    callClock: createCallClock(deps.redis, deps.config.REDIS_PREFIX),
    /**
     * Ephemeral real time (typing, read receipts): published straight to the session's channel,
     * never stored. Only session threads publish; a failed publish is not the caller's problem.
     */
    publishDirect: async (
      thread: { id: string; sessionId: string | null },
      event: ChatRealtimeEvent,
    ): Promise<void> => {
      if (!thread.sessionId) return;
      const { sessionId } = thread;
      await publishSessionNudge(deps.redis, deps.config.REDIS_PREFIX, sessionId, {
        type: 'chat-event',
        sessionId,
        threadId: thread.id,
        event,
      }).catch(() => 0);
    },
  };
}

export type CommunicationContext = ReturnType<typeof createContext>;
