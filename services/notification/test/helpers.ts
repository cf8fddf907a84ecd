import { fileURLToPath } from 'node:url';
import {
  JOBS,
  QUEUES,
  TOPICS,
  type EventEnvelope,
  type NotificationSentData,
} from '@oneeta/contracts';
import {
  createAccountDirectory,
  createTokenVerifier,
  loadConfig,
  openDatabase,
  openServiceOutbox,
  streamKey,
  systemResolver,
  type DatabaseHandle,
  type HostResolver,
  type ResolvedAddress,
} from '@oneeta/service-kit';
import {
  createTestDatabase,
  createTestIssuer,
  eventually,
  openTestRedisInfra,
} from '@oneeta/service-kit/testing';
import { buildApp } from '../src/app.js';
import { configSchema } from '../src/config.js';
import { startDelivery } from '../src/consumers/delivery.js';
import { createEmailPort } from '../src/providers/email.js';
import { generateVapidKeys } from '../src/providers/push.js';
import { createDeliveriesStore } from '../src/store/deliveries-store.js';
import { outbox as outboxTable } from '../src/store/schema.js';
import { createSubscriptionsStore } from '../src/store/subscriptions-store.js';
import { loadVapidKeys } from '../src/store/vapid-store.js';

export const MIGRATIONS = fileURLToPath(new URL('../src/store/migrations', import.meta.url));

export interface StartOptions {
  /** An embedded database in this folder (kept after close) instead of a throwaway one. */
  dataDir?: string;
  /** Share a Redis prefix with another harness (e.g. a restart of the same service). */
  prefix?: string;
  /** A certificate pushes trust (the push-service stand-in's); its endpoints are on 127.0.0.1, so the test sets PUSH_ALLOW_PRIVATE_ENDPOINTS too. */
  ca?: string | Buffer;
}

/** Where the subscribe-time check finds made-up push services: `*.example.test` (fakeSubscription's) is a public address. */
export const PUBLIC_TEST_ADDRESS: ResolvedAddress = { address: '8.8.8.8', family: 4 };

/**
 * The resolver the app checks push endpoints with: names a test put in `dns`, then any
 * `*.example.test` name at a public address, then the system's. Pushes themselves resolve with the
 * system resolver, so nothing is ever sent to the made-up services.
 */
function testResolver(dns: Map<string, ResolvedAddress[]>): HostResolver {
  return async (host) =>
    dns.get(host) ??
    (host.endsWith('.example.test') ? [PUBLIC_TEST_ADDRESS] : systemResolver(host));
}

/**
 * The notification service as main.ts assembles it (app, outbox relay, push worker) over a fresh
 * database and a unique Redis namespace, trusting tokens of a test issuer whose users are in the
 * account view (no auth server).
 */
export async function startNotification(env: Record<string, string> = {}, opts: StartOptions = {}) {
  const infra = openTestRedisInfra('notification', opts.prefix ? { prefix: opts.prefix } : {});
  const { prefix, redis, bus } = infra;
  // A throwaway database is dropped on close; one in a data folder is only closed (a restart reopens it).
  const database: DatabaseHandle & { destroy?: () => Promise<void> } = opts.dataDir
    ? await openDatabase({
        schema: 'notification',
        migrationsFolder: MIGRATIONS,
        dataDir: opts.dataDir,
      })
    : await createTestDatabase({ schema: 'notification', migrationsFolder: MIGRATIONS });
  const config = loadConfig(configSchema, { ...infra.env, AUTH_URL: 'http://127.0.0.1:9', ...env });
  const issuer = await createTestIssuer({ redis, prefix });
  const accounts = createAccountDirectory({
    redis,
    prefix,
    authUrl: config.AUTH_URL,
    internalToken: config.INTERNAL_TOKEN,
    timeoutMs: 1000,
    events: { bus, service: 'notification', consumer: 'test' },
  });
  await accounts.ready;
  const vapid = await loadVapidKeys(
    database.db,
    { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY },
    generateVapidKeys,
  );
  const delivery = openServiceOutbox({
    service: 'notification',
    config,
    db: database.db,
    table: outboxTable,
    jobs: [JOBS[QUEUES.notify]],
  });
  const wakeRelay = () => delivery.relay.wake();
  const logs: { info(obj: object, msg: string): void } = { info: () => {} };
  const email = createEmailPort(config, database.db, logs);
  const dns = new Map<string, ResolvedAddress[]>();
  const app = await buildApp({
    resolveHost: testResolver(dns),
    email,
    config,
    db: database.db,
    redis,
    outbox: delivery.outbox,
    wakeRelay,
    vapid,
    pingDb: database.ping,
    verifier: createTokenVerifier({ jwks: issuer.jwks }),
    accounts: accounts.get,
  });
  await app.ready();
  const notifyQueue = delivery.queues[QUEUES.notify]!;
  // The worker and the e-mail request consumers: the session service at SESSION_URL and auth at
  // AUTH_URL answer the e-mail lookups (a test that needs them brings them).
  const sending = startDelivery({
    config,
    db: database.db,
    redis,
    bus,
    outbox: delivery.outbox,
    wakeRelay,
    vapid,
    email,
    accounts: accounts.get,
    consumer: 'test',
    log: app.log,
    registry: app.metricsRegistry,
    ...(opts.ca ? { ca: opts.ca } : {}),
  });
  await sending.ready;

  return {
    app,
    config,
    prefix,
    redis,
    database,
    vapid,
    /** Made-up DNS answers for the subscribe-time check: host → addresses. */
    dns,
    notifyQueue,
    /** The `reminders` queue (delayed time-to-leave reminders). */
    reminders: sending.reminders,
    delivery,
    user: (input: Parameters<typeof issuer.user>[0] = {}) => issuer.user(input),
    subscriptions: createSubscriptionsStore(database.db),
    deliveries: createDeliveriesStore(database.db),
    /** Resolves once the relay delivered every outbox row written so far. */
    drained: () => eventually(async () => (await delivery.relay.pending()) === 0),
    /** notification.sent events on the bus, oldest first. */
    sentEvents: async (): Promise<EventEnvelope<NotificationSentData>[]> => {
      const entries = await redis.xrange(streamKey(prefix, TOPICS.notificationSent), '-', '+');
      return entries.map(
        ([, fields]) =>
          JSON.parse(fields[fields.indexOf('event') + 1]!) as EventEnvelope<NotificationSentData>,
      );
    },
    bus,
    email,
    /** The account view the service reads (a user.deleted on the bus leaves a tombstone in it). */
    accounts: accounts.get,
    close: async () => {
      await sending.reminders.obliterate({ force: true }).catch(() => {});
      await sending.close();
      email.close();
      await app.close();
      await accounts.close();
      await notifyQueue.obliterate({ force: true }).catch(() => {});
      await delivery.close();
      await infra.close();
      await (database.destroy ?? database.close)();
    },
  };
}

export type NotificationHarness = Awaited<ReturnType<typeof startNotification>>;

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
