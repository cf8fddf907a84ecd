import { fileURLToPath } from 'node:url';
import type { JSONWebKeySet } from 'jose';
import { JOBS, QUEUES, type Plan } from '@oneeta/contracts';
import {
  createAccountDirectory,
  createTokenVerifier,
  loadConfig,
  openServiceOutbox,
} from '@oneeta/service-kit';
import {
  createTestIssuer,
  eventually,
  openTestInfra,
  TEST_INTERNAL_TOKEN,
} from '@oneeta/service-kit/testing';
import { buildApp } from '../src/app.js';
import { configSchema } from '../src/config.js';
import { outbox as outboxTable } from '../src/store/schema.js';
import { startTravelConsumer } from '../src/consumers/travel-computed.js';
import { startUserDeletedConsumer } from '../src/consumers/user-deleted.js';

export const MIGRATIONS = fileURLToPath(new URL('../src/store/migrations', import.meta.url));
export const INTERNAL_TOKEN = TEST_INTERNAL_TOKEN;

export interface TestUser {
  id: string;
  email: string;
  name: string | null;
  plan: Plan;
  isAdmin: boolean;
  emailVerified: boolean;
  token: string;
}

export interface StartSessionOptions {
  /** Share this Redis prefix (and so the bus) with another harness, e.g. the real auth service's. */
  prefix?: string;
  /** Trust this key set (the real auth service's) instead of the test issuer's. */
  jwks?: JSONWebKeySet;
  /** A Redis of the test's own (e.g. one it stops and starts). */
  redisUrl?: string;
}

/**
 * The session app over a fresh database and a unique Redis namespace, trusting tokens from a
 * key made here (the auth service's own tests prove its tokens verify the same way over JWKS).
 */
export async function startSession(
  env: Record<string, string> = {},
  options: StartSessionOptions = {},
) {
  const infra = await openTestInfra('session', MIGRATIONS, options);
  const { prefix, database, redis, bus } = infra;
  const config = loadConfig(configSchema, {
    ...infra.env,
    ROUTE_JOB_DEBOUNCE_MS: '200',
    // No auth server unless a test brings one: a miss in the account view answers 503.
    AUTH_URL: 'http://127.0.0.1:9',
    ...env,
  });
  const issuer = await createTestIssuer({ redis, prefix });
  // The real directory: the Redis view, user.changed on this bus, auth at AUTH_URL on a miss.
  const accounts = createAccountDirectory({
    redis,
    prefix,
    authUrl: config.AUTH_URL,
    internalToken: config.INTERNAL_TOKEN,
    timeoutMs: 1000,
    events: { bus, service: 'session', consumer: 'test' },
  });
  await accounts.ready;
  const delivery = openServiceOutbox({
    service: 'session',
    config,
    db: database.db,
    table: outboxTable,
    jobs: [JOBS[QUEUES.routeMatrix], JOBS[QUEUES.suggestionMatrix]],
  });
  /** The route-matrix queue the relay delivers to (tests read its jobs). */
  const routeQueue = delivery.queues[QUEUES.routeMatrix]!;
  /** The suggestion-matrix queue (one job per suggestion). */
  const suggestionQueue = delivery.queues[QUEUES.suggestionMatrix]!;
  const app = await buildApp({
    config,
    db: database.db,
    redis,
    outbox: delivery.outbox,
    wakeRelay: () => delivery.relay.wake(),
    pingDb: database.ping,
    verifier: createTokenVerifier({ jwks: options.jwks ?? issuer.jwks }),
    accounts: accounts.get,
  });
  await app.ready();

  /**
   * A signed-in user with a valid token, registered in the account view as auth's user.changed
   * would (the session service owns no users). E-mails are verified unless told otherwise.
   */
  const user = (
    opts: {
      plan?: Plan;
      isAdmin?: boolean;
      name?: string | null;
      email?: string;
      emailVerified?: boolean;
    } = {},
  ): Promise<TestUser> => issuer.user(opts);

  return {
    app,
    config,
    redis,
    bus,
    prefix,
    routeQueue,
    suggestionQueue,
    /** The outbox and its relay (delivering every 50 ms, and at once after a write). */
    delivery,
    /** Resolves once the relay delivered every outbox row written so far. */
    drained: () => eventually(async () => (await delivery.relay.pending()) === 0),
    database,
    user,
    issuer,
    accounts,
    close: async () => {
      await app.close();
      await accounts.close();
      await routeQueue.obliterate({ force: true }).catch(() => {});
      await suggestionQueue.obliterate({ force: true }).catch(() => {});
      await delivery.close();
      await infra.close();
    },
  };
}

export type SessionHarness = Awaited<ReturnType<typeof startSession>>;

/** The travel.computed consumer on the harness's bus and outbox, with its own consumer name (started and ready). */
export async function startTravelConsumerOn(h: SessionHarness, consumer: string) {
  const started = startTravelConsumer({
    bus: h.bus,
    redis: h.redis,
    prefix: h.prefix,
    consumer,
    ctx: h.app.ctx,
    log: h.app.log,
  });
  await started.ready;
  return started;
}

/** The user.deleted consumer on the harness's bus and outbox, with its own consumer name (started and ready). */
export async function startUserDeletedConsumerOn(h: SessionHarness, consumer: string) {
  const started = startUserDeletedConsumer({
    bus: h.bus,
    db: h.database.db,
    redis: h.redis,
    outbox: h.delivery.outbox,
    wakeRelay: () => h.delivery.relay.wake(),
    prefix: h.prefix,
    consumer,
    routeJobDelayMs: 200,
    accounts: h.accounts.get,
    log: h.app.log,
  });
  await started.ready;
  return started;
}
