import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import {
  JOBS,
  QUEUES,
  TOPICS,
  type AuthResponse,
  type BillingUsageData,
  type Plan,
} from '@oneeta/contracts';
import {
  createAccountDirectory,
  createTokenVerifier,
  loadConfig,
  openServiceOutbox,
} from '@oneeta/service-kit';
import { eventually, openTestInfra } from '@oneeta/service-kit/testing';
import { registerUser, startAuth, STRONG_PASSWORD, type AuthHarness } from '@oneeta/auth/testing';
import { buildApp } from '../src/app.js';
import { configSchema, type Config } from '../src/config.js';
import { startUserChangedConsumer } from '../src/consumers/user-changed.js';
import { startUserDeletedConsumer } from '../src/consumers/user-deleted.js';
import { startPlanPushWorker } from '../src/consumers/plan-push.js';
import { createAuthClient } from '../src/providers/auth.js';
import { createLocalProvider } from '../src/providers/local.js';
import type { BillingProvider } from '../src/providers/port.js';
import { outbox as outboxTable } from '../src/store/schema.js';

export const MIGRATIONS = fileURLToPath(new URL('../src/store/migrations', import.meta.url));
export const WEB_ORIGIN = 'http://web.oneeta.test';

export interface StartBillingOptions {
  env?: Record<string, string>;
  /** The provider (default: the local test mode over WEB_ORIGIN). */
  provider?: (config: Config) => BillingProvider;
  /**
   * An auth harness (its bus is shared), with the URL billing calls it at. It need not listen
   * there yet: a test of auth being down starts it on that port later.
   */
  auth?: { harness: AuthHarness; url: string };
}

/**
 * The billing service as main.ts assembles it, next to the real auth service (listening on a real
 * port: billing sets plans over its internal route) on one shared bus, so user.changed flows both
 * ways. Tokens are auth's own.
 */
export async function startBilling(options: StartBillingOptions = {}) {
  const ownAuth = !options.auth;
  const auth = options.auth?.harness ?? (await startAuth());
  let authUrl = options.auth?.url;
  if (!authUrl) {
    await auth.app.listen({ port: 0, host: '127.0.0.1' });
    authUrl = `http://127.0.0.1:${(auth.app.server.address() as AddressInfo).port}`;
  }
  const infra = await openTestInfra('billing', MIGRATIONS, { prefix: auth.prefix });
  const { prefix, database, redis, bus } = infra;
  const config = loadConfig(configSchema, {
    ...infra.env,
    AUTH_URL: authUrl,
    PUBLIC_URL: WEB_ORIGIN,
    ...options.env,
  });
  const accounts = createAccountDirectory({
    redis,
    prefix,
    authUrl,
    internalToken: config.INTERNAL_TOKEN,
    timeoutMs: 2000,
    events: { bus, service: 'billing', consumer: 'test' },
  });
  await accounts.ready;
  const delivery = openServiceOutbox({
    service: 'billing',
    config,
    db: database.db,
    table: outboxTable,
    jobs: [JOBS[QUEUES.planPush]],
  });
  const provider =
    options.provider?.(config) ?? createLocalProvider({ webOrigin: config.PUBLIC_URL });
  const app = await buildApp({
    config,
    db: database.db,
    redis,
    provider,
    auth: createAuthClient({
      baseUrl: authUrl,
      internalToken: config.INTERNAL_TOKEN,
      timeoutMs: 3000,
    }),
    outbox: delivery.outbox,
    wakeRelay: () => delivery.relay.wake(),
    pingDb: database.ping,
    accounts: accounts.get,
    verifier: createTokenVerifier({ jwks: auth.keys.jwks }),
  });
  await app.ready();
  const downgrades = startUserChangedConsumer({
    bus,
    consumer: 'test',
    billing: app.billing,
    log: app.log,
  });
  await downgrades.ready;
  const erasure = startUserDeletedConsumer({
    bus,
    consumer: 'test',
    redis,
    prefix,
    billing: app.billing,
    log: app.log,
  });
  await erasure.ready;
  const pushes = startPlanPushWorker({ config, pushPlan: app.billing.pushPlan, log: app.log });
  await pushes.ready;
  const pushQueue = delivery.queues[QUEUES.planPush]!;

  /** Plan pushes not done yet: outbox rows not handed to the queue, and jobs waiting, running or in backoff. */
  const pendingPushes = async (): Promise<number> => {
    const counts = await pushQueue.getJobCounts(
      'waiting',
      'active',
      'delayed',
      'prioritized',
      'waiting-children',
    );
    return (await delivery.relay.pending()) + Object.values(counts).reduce((a, b) => a + b, 0);
  };
  /** Waits until every plan push queued so far is done (auth must be up). */
  const pushesSettled = () =>
    eventually(async () => (await pendingPushes()) === 0, { timeoutMs: 15_000 });
  /** The account's plan as auth has it now (no waiting). */
  const authPlanOf = async (userId: string): Promise<Plan> => {
    const res = await auth.app.inject({
      method: 'GET',
      url: `/internal/users/${userId}`,
      headers: { 'x-internal-token': auth.config.INTERNAL_TOKEN! },
    });
    return res.json<{ user: { plan: Plan } }>().user.plan;
  };

  /** A new account registered with auth: its token and id. */
  const signUp = async (): Promise<AuthResponse & { password: string }> => registerUser(auth);
  /** The account's plan as auth has it once billing's plan pushes so far are done. */
  const planOf = async (userId: string): Promise<Plan> => {
    await pushesSettled();
    return authPlanOf(userId);
  };
  /** PATCH /api/auth/plan to free, as the plans page's Downgrade does. */
  const downgradeToFree = (token: string) =>
    auth.app.inject({
      method: 'PATCH',
      url: '/api/auth/plan',
      headers: { authorization: `Bearer ${token}` },
      payload: { plan: 'free' },
    });
  /** The billing.usage events billing wrote to its outbox, oldest first. */
  const usage = async (userId?: string): Promise<BillingUsageData[]> => {
    const rows = await database.db.select().from(outboxTable).orderBy(outboxTable.seq);
    return rows
      .flatMap((row) =>
        row.message.kind === 'event' && row.message.envelope.type === TOPICS.billingUsage
          ? [row.message.envelope.data as BillingUsageData]
          : [],
      )
      .filter((data) => !userId || data.userId === userId);
  };
  const call = (method: 'GET' | 'POST', url: string, token?: string | null, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  return {
    app,
    billing: app.billing,
    store: app.billing.store,
    config,
    auth,
    authUrl,
    database,
    redis,
    prefix,
    signUp,
    planOf,
    authPlanOf,
    pendingPushes,
    pushesSettled,
    pushQueue,
    downgradeToFree,
    usage,
    call,
    password: STRONG_PASSWORD,
    bus,
    close: async () => {
      await erasure.stop();
      await downgrades.stop();
      await pushes.close();
      await app.close();
      await delivery.close();
      await accounts.close();
      await infra.close();
      if (ownAuth) await auth.close();
    },
  };
}

export type BillingHarness = Awaited<ReturnType<typeof startBilling>>;
