import { fileURLToPath } from 'node:url';
import { startService } from '@oneeta/service-kit';
import { buildApp } from './app.js';
import { configSchema } from './config.js';
import { startSessionChangedConsumer } from './consumers/session-changed.js';
import { startUserDeletedConsumer } from './consumers/user-deleted.js';
import { createSessionClient } from './providers/sessions.js';
import { createChatTokens } from './domain/chat-tokens.js';
import { outbox } from './store/schema.js';
import { loadTokenSecret } from './store/token-secret.js';

export const MIGRATIONS = fileURLToPath(new URL('./store/migrations', import.meta.url));

startService({
  name: 'communication',
  config: configSchema,
  store: { migrations: MIGRATIONS, outbox },
  // Embedded chat, or ACS when ACS_CONNECTION_STRING is set: the routes and the member sync share it.
  app: async (kit) =>
    buildApp({
      config: kit.config,
      db: kit.db,
      redis: kit.redis,
      outbox: kit.outbox,
      wakeRelay: kit.wakeRelay,
      tokens: createChatTokens(
        await loadTokenSecret(kit.db, kit.config.CHAT_TOKEN_SECRET),
        kit.config.CHAT_TOKEN_TTL_SECONDS,
      ),
      sessions: createSessionClient({
        baseUrl: kit.config.SESSION_URL,
        internalToken: kit.config.INTERNAL_TOKEN,
      }),
      pingDb: kit.database.ping,
      accounts: kit.accounts,
    }),
  start: (kit, app) => [
    // A session's thread follows the session (members, closed): session.changed from the session service.
    startSessionChangedConsumer({
      ...kit.events,
      chat: app.chat,
      store: app.chatStore,
      sessions: createSessionClient({
        baseUrl: kit.config.SESSION_URL,
        internalToken: kit.config.INTERNAL_TOKEN,
      }),
      accounts: kit.accounts,
    }),
    // A deleted account's chat is erased: user.deleted from the auth service.
    startUserDeletedConsumer({
      ...kit.events,
      chat: app.chat,
      db: kit.db,
      redis: kit.redis,
      prefix: kit.config.REDIS_PREFIX,
      onCommit: kit.wakeRelay,
    }),
  ],
});
