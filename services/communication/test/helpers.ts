import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import {
  createAccountDirectory,
  createSessionSubscriber,
  type SessionSubscriber,
  createTokenVerifier,
  loadConfig,
  openServiceOutbox,
  streamKey,
  type EventBus,
  type Outbox,
  type Redis,
} from '@oneeta/service-kit';
import {
  createTestDatabase,
  openTestRedisInfra,
  type TestDatabase,
} from '@oneeta/service-kit/testing';
import { startSession, type SessionHarness, type TestUser } from '@oneeta/session/testing';
import { CHAT_API_VERSION, type EventEnvelope, type SessionNudge } from '@oneeta/contracts';
import { generate } from 'selfsigned';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app.js';
import { startSessionChangedConsumer } from '../src/consumers/session-changed.js';
import { startUserDeletedConsumer } from '../src/consumers/user-deleted.js';
import { configSchema, type Config } from '../src/config.js';
import { chatBackendFor } from '../src/context.js';
import type { ChatBackend } from '../src/providers/chat-backend.js';
import { createSessionClient } from '../src/providers/sessions.js';
import { createChatStore, type ChatStore } from '../src/store/chat-store.js';
import { outbox as outboxTable } from '../src/store/schema.js';
import { createChatTokens, type ChatTokens } from '../src/domain/chat-tokens.js';
import { loadTokenSecret } from '../src/store/token-secret.js';

export const MIGRATIONS = fileURLToPath(new URL('../src/store/migrations', import.meta.url));

/** A self-signed certificate for 127.0.0.1, made at test time (the chat SDK's bearer policy refuses plain http). */
export async function testCertificate() {
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keySize: 2048,
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 7, ip: '127.0.0.1' },
          { type: 2, value: 'localhost' },
        ],
      },
    ],
  });
  return { key: pems.private, cert: pems.cert };
}

/**
 * The real session service (its app over its own database, listening on a real port) and the
 * communication service as main.ts assembles it, sharing one Redis namespace and one token issuer
 * (the session harness's), served over HTTPS with a test certificate: `endpoint` is what the
 * ACS chat SDK is pointed at, `ca` what it must trust.
 */
export interface Stack {
  app: Awaited<ReturnType<typeof buildApp>>;
  config: Config;
  session: SessionHarness;
  sessionUrl: string;
  /** The HTTPS address of the communication service (the chat SDK's endpoint). */
  endpoint: string;
  /** The test certificate: give it to the SDK as `tlsOptions.ca`. */
  ca: string;
  tokens: ChatTokens;
  /** The chat backend the app and the member sync use (embedded unless the test gave one). */
  chat: ChatBackend;
  store: ChatStore;
  database: TestDatabase;
  redis: Redis;
  /** The event bus the stack's consumers read (publish user.deleted on it). */
  bus: EventBus;
  /** The Redis key prefix of this stack (pub/sub channels `${prefix}:session:{id}`, streams). */
  prefix: string;
  /** Delivers what the outbox holds now (else the relay does so on its own within a second). */
  flush(): Promise<number>;
  user(input?: Parameters<SessionHarness['user']>[0]): Promise<TestUser>;
  close(): Promise<void>;
}

/** What a test's own chat backend is built from (ACS mode against fakes). */
export interface ChatBackendParts {
  config: Config;
  db: TestDatabase['db'];
  outbox: Outbox;
  onCommit: () => void;
}

export async function startStack(
  env: Record<string, string> = {},
  opts: { chat?: (parts: ChatBackendParts) => ChatBackend } = {},
): Promise<Stack> {
  const session: SessionHarness = await startSession();
  await session.app.listen({ port: 0, host: '127.0.0.1' });
  const sessionUrl = `http://127.0.0.1:${(session.app.server.address() as AddressInfo).port}`;

  const { key, cert } = await testCertificate();
  // The HTTPS server exists first (its port is the endpoint); requests go to the app once it is built.
  const target: { route?: (req: IncomingMessage, res: ServerResponse) => void } = {};
  const server = createServer({ key, cert }, (req, res) => target.route?.(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const infra = openTestRedisInfra('communication', { prefix: session.prefix });
  const { prefix, redis, bus } = infra;
  const database = await createTestDatabase({
    schema: 'communication',
    migrationsFolder: MIGRATIONS,
  });
  const config = loadConfig(configSchema, {
    ...infra.env,
    AUTH_URL: 'http://127.0.0.1:9',
    SESSION_URL: sessionUrl,
    PUBLIC_URL: endpoint,
    ...env,
  });
  const accounts = createAccountDirectory({
    redis,
    prefix,
    authUrl: config.AUTH_URL,
    internalToken: config.INTERNAL_TOKEN,
    timeoutMs: 1000,
    events: { bus, service: 'communication', consumer: 'test' },
  });
  await accounts.ready;
  const sessions = createSessionClient({
    baseUrl: config.SESSION_URL,
    internalToken: config.INTERNAL_TOKEN,
    timeoutMs: 2000,
  });
  const tokens = createChatTokens(
    await loadTokenSecret(database.db, config.CHAT_TOKEN_SECRET),
    config.CHAT_TOKEN_TTL_SECONDS,
  );
  const delivery = openServiceOutbox({
    service: 'communication',
    config: { ...config, OUTBOX_POLL_MS: 50 },
    db: database.db,
    table: outboxTable,
  });
  const wakeRelay = () => delivery.relay.wake();
  const effects = { outbox: delivery.outbox, onCommit: wakeRelay };
  const store = createChatStore(database.db, effects);
  const chat =
    opts.chat?.({ config, db: database.db, outbox: delivery.outbox, onCommit: wakeRelay }) ??
    chatBackendFor({ config, db: database.db, tokens, outbox: delivery.outbox, wakeRelay }, store);
  const app = await buildApp({
    chat,
    outbox: delivery.outbox,
    wakeRelay,
    config,
    db: database.db,
    redis,
    tokens,
    sessions,
    pingDb: database.ping,
    verifier: createTokenVerifier({ jwks: session.issuer.jwks }),
    accounts: accounts.get,
  });
  await app.ready();
  target.route = (req, res) => app.routing(req, res);
  const members = startSessionChangedConsumer({
    bus,
    consumer: 'test',
    chat,
    store,
    sessions,
    accounts: accounts.get,
    log: app.log,
  });
  await members.ready;
  const erasure = startUserDeletedConsumer({
    bus,
    chat,
    db: database.db,
    redis,
    prefix,
    consumer: 'test',
    onCommit: wakeRelay,
    log: app.log,
  });
  await erasure.ready;

  return {
    app,
    config,
    session,
    sessionUrl,
    endpoint,
    ca: cert,
    tokens,
    chat,
    store,
    database,
    redis,
    bus,
    prefix,
    flush: () => delivery.relay.runOnce(),
    user: (input = {}) => session.user(input),
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await erasure.stop();
      await members.stop();
      await app.close();
      await delivery.close();
      await accounts.close();
      await infra.close();
      await database.destroy();
      await session.close();
    },
  };
}

/** Every event on a topic's stream so far (the envelopes the outbox relay published). */
export async function streamEvents<T = unknown>(
  h: Pick<Stack, 'redis' | 'prefix'>,
  topic: string,
): Promise<EventEnvelope<T>[]> {
  const entries = await h.redis.xrange(streamKey(h.prefix, topic), '-', '+');
  return entries.map(
    ([, fields]) => JSON.parse(fields[fields.indexOf('event') + 1]!) as EventEnvelope<T>,
  );
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A stack and every nudge its session channels carried (what the /ws hub relays), in order. */
export interface FramedStack {
  h: Stack;
  frames: SessionNudge[];
  /** Subscribe it to a session's channel before the writes a test watches for. */
  subscriber: SessionSubscriber;
  /** A chat API call on this stack ({@link chatCall}). */
  chat: (...args: ChatCallArgs) => ReturnType<typeof chatCall>;
  close(): Promise<void>;
}

/** {@link startStack} with a subscriber made by service-kit's createSessionSubscriber (the hub's own). */
export async function startStackWithFrames(): Promise<FramedStack> {
  const h = await startStack();
  const frames: SessionNudge[] = [];
  const subscriber = createSessionSubscriber(h.config.REDIS_URL, h.prefix, (_id, message) =>
    frames.push(message),
  );
  return {
    h,
    frames,
    subscriber,
    chat: (...args) => chatCall(h, ...args),
    close: async () => {
      await subscriber.close();
      await h.close();
    },
  };
}

/**
 * One {@link startStackWithFrames} for a test file: started before its tests, closed after them.
 * Read `.h`, `.frames` and `.subscriber` inside the tests (they exist once beforeAll ran).
 */
export function useStackWithFrames(): FramedStack {
  const holder = {} as FramedStack;
  // Callable before beforeAll ran (files take it at load time); it reads the stack when called.
  holder.chat = (...args) => chatCall(holder.h, ...args);
  beforeAll(async () => {
    const { h, frames, subscriber, close } = await startStackWithFrames();
    Object.assign(holder, { h, frames, subscriber, close });
  });
  afterAll(async () => {
    await holder.close?.();
  });
  return holder;
}

/** A chat API call as the browser makes it: `/chat/threads/{path}` with the api-version and a chat token. */
export type ChatCallArgs = [
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  token: string,
  payload?: object,
];
export const chatCall = (h: Pick<Stack, 'app'>, ...[method, path, token, payload]: ChatCallArgs) =>
  h.app.inject({
    method,
    url: `/chat/threads/${path}${path.includes('?') ? '&' : '?'}api-version=${CHAT_API_VERSION}`,
    headers: bearer(token),
    ...(payload ? { payload } : {}),
  });
