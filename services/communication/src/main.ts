import { fileURLToPath } from 'node:url';
import {
  createOutbox,
  loadConfig,
  consumerNameOf,
  main,
  openAccountDirectory,
  openServiceInfra,
  openServiceOutbox,
  runService,
  type ServiceOutbox,
} from '@oneeta/service-kit';
import { buildApp } from './app.js';
import { startSessionChangedConsumer } from './consumers/session-changed.js';
import { startUserDeletedConsumer } from './consumers/user-deleted.js';
import { createChatStore } from './store/chat-store.js';
import { outbox as outboxTable } from './store/schema.js';
import { configSchema } from './config.js';
import { chatBackendFor } from './context.js';
import { createSessionClient } from './providers/sessions.js';
import { createChatTokens } from './domain/chat-tokens.js';
import { loadTokenSecret } from './store/token-secret.js';

export const MIGRATIONS = fileURLToPath(new URL('./store/migrations', import.meta.url));

main(async () => {
  const config = loadConfig(configSchema);
  const infra = await openServiceInfra('communication', config, MIGRATIONS);
  const { database, redis, bus } = infra;
  const consumer = consumerNameOf(config);
  const accounts = openAccountDirectory('communication', config, {
    redis,
    bus,
    consumer,
  });
  const tokens = createChatTokens(
    await loadTokenSecret(database.db, config.CHAT_TOKEN_SECRET),
    config.CHAT_TOKEN_TTL_SECONDS,
  );
  const sessions = createSessionClient({
    baseUrl: config.SESSION_URL,
    internalToken: config.INTERNAL_TOKEN,
  });
  const outbox = createOutbox(outboxTable, 'communication');
  // The relay starts once the app exists, so its counters land on the app's metrics registry.
  const wakeRelay = () => delivery.relay.wake();
  const store = createChatStore(database.db, { outbox, onCommit: wakeRelay });
  // Embedded, or ACS when ACS_CONNECTION_STRING is set: the routes and the member sync share it.
  const chat = chatBackendFor({ config, db: database.db, tokens, outbox, wakeRelay }, store);
  const app = await buildApp({
    chat,
    outbox,
    wakeRelay,
    config,
    db: database.db,
    redis,
    tokens,
    sessions,
    pingDb: database.ping,
    accounts: accounts.get,
  });
  accounts.logTo(app.log);
  bus.instrument(app.metricsRegistry);
  const delivery: ServiceOutbox = openServiceOutbox({
    service: 'communication',
    config,
    db: database.db,
    table: outboxTable,
    registry: app.metricsRegistry,
    log: app.log,
  });
  // A session's thread follows the session (members, closed): session.changed from the session service.
  const members = startSessionChangedConsumer({
    bus,
    consumer,
    chat,
    store,
    sessions,
    accounts: accounts.get,
    log: app.log,
  });
  // A deleted account's chat is erased: user.deleted from the auth service.
  const erasure = startUserDeletedConsumer({
    bus,
    db: database.db,
    redis,
    prefix: config.REDIS_PREFIX,
    consumer,
    onCommit: wakeRelay,
    log: app.log,
  });
  app.addHook('onClose', async () => {
    await erasure.stop();
    await members.stop();
    await delivery.close();
    await accounts.close();
    await infra.close();
  });
  await runService({ app, port: config.PORT, host: config.HOST });
});
