import { createTravelCache, createOfflineMapsProvider, type MapsProvider } from '@oneeta/maps';
import { createRedis, loadConfig } from '@oneeta/service-kit';
import { TEST_INTERNAL_TOKEN } from '@oneeta/service-kit/testing';
import {
  startSession,
  startTravelConsumer,
  bearer,
  type SessionHarness,
  type TestUser,
} from '@oneeta/session/testing';
import { TOPICS, type TravelComputedData, type UsageRecordedData } from '@oneeta/contracts';
import { streamKey } from '@oneeta/service-kit';
import client from 'prom-client';
import { configSchema } from '../src/config.js';
import { createEtaStateStore } from '../src/store/eta-state.js';
import { createWorkerMetrics } from '../src/providers/metrics.js';
import { createProcessor } from '../src/consumers/processor.js';
import { createSessionClient } from '../src/providers/session-client.js';
import { startRouteWorker, type RouteWorker } from '../src/consumers/worker.js';
import { createSuggestionProcessor } from '../src/consumers/suggestion-processor.js';
import {
  startSuggestionWorker,
  type SuggestionWorker,
} from '../src/consumers/suggestion-worker.js';

/**
 * Wraps a provider, counting calls and cells; `hold()` makes matrix calls wait until `release()`,
 * so a test can act while a job is inside the provider.
 */
export function countingProvider(
  inner: MapsProvider = createOfflineMapsProvider(),
  opts: { limit?: number } = {},
) {
  const calls: { origins: number }[] = [];
  let gate: Promise<void> | null = null;
  let open: () => void = () => {};
  let entered: () => void = () => {};
  let inside = new Promise<void>((r) => (entered = r));
  const provider: MapsProvider = {
    ...inner,
    name: inner.name,
    limits: { maxCellsPerCall: opts.limit ?? inner.limits.maxCellsPerCall },
    async matrix(origins, destination, options) {
      calls.push({ origins: origins.length });
      entered();
      if (gate) await gate;
      return inner.matrix(origins, destination, options);
    },
  };
  return {
    provider,
    calls,
    cells: () => calls.reduce((n, c) => n + c.origins, 0),
    hold() {
      gate = new Promise((r) => (open = r));
      inside = new Promise((r) => (entered = r));
    },
    /** Resolves once a matrix call has reached the provider while held. */
    entered: () => inside,
    release() {
      gate = null;
      open();
    },
  };
}

/**
 * The real session service (its app on a port, its job producer and travel.computed consumer)
 * with route-matrix workers running in this process against it.
 */
export async function startPipeline(env: Record<string, string> = {}) {
  const session: SessionHarness = await startSession({
    ROUTE_JOB_DEBOUNCE_MS: '50',
    ROUTE_COALESCE_MS: '50',
    ...env,
  });
  const address = await session.app.listen({ port: 0, host: '127.0.0.1' });
  const consumer = startTravelConsumer({
    bus: session.bus,
    redis: session.redis,
    prefix: session.prefix,
    consumer: 'worker-test',
    ctx: session.app.ctx,
    log: session.app.log,
  });
  await consumer.ready;
  const config = loadConfig(configSchema, {
    PORT: '0',
    LOG_LEVEL: 'silent',
    REDIS_URL: session.config.REDIS_URL,
    REDIS_PREFIX: session.prefix,
    INTERNAL_TOKEN: TEST_INTERNAL_TOKEN,
    SESSION_URL: address,
  });
  const workers: (RouteWorker | SuggestionWorker)[] = [];

  /** Starts a worker in this process with its own cache client and metrics registry. */
  const worker = (
    provider: MapsProvider,
    opts: { concurrency?: number; id?: string; now?: () => Date } = {},
  ) => {
    const connection = createRedis(config.REDIS_URL, { role: 'worker' });
    const registry = new client.Registry();
    const metrics = createWorkerMetrics(registry);
    const cache = createTravelCache({
      redis: session.redis,
      prefix: session.prefix,
      provider,
      ttlSeconds: 900,
      pollMs: 20,
      now: opts.now,
    });
    const w = startRouteWorker({
      connection,
      redisPrefix: session.prefix,
      workerId: opts.id ?? `w${workers.length + 1}`,
      concurrency: opts.concurrency ?? 2,
      lockMs: 5_000,
      stalledIntervalMs: 5_000,
      metrics,
      log: { info: () => {}, warn: () => {}, error: () => {} },
      process: createProcessor({
        cache,
        bus: session.bus,
        sessions: createSessionClient({ baseUrl: address, internalToken: TEST_INTERNAL_TOKEN }),
        metrics,
        etaState: createEtaStateStore({ redis: session.redis, prefix: session.prefix }),
        provider: provider.name,
        now: opts.now,
      }),
    });
    const close = w.close;
    w.close = async () => {
      await close();
      connection.disconnect();
    };
    workers.push(w);
    return Object.assign(w, { registry });
  };

  /** Starts a suggestion-matrix worker in this process with its own cache client and metrics registry. */
  const suggestionWorker = (provider: MapsProvider, opts: { now?: () => Date } = {}) => {
    const connection = createRedis(config.REDIS_URL, { role: 'worker' });
    const registry = new client.Registry();
    const metrics = createWorkerMetrics(registry);
    const cache = createTravelCache({
      redis: session.redis,
      prefix: session.prefix,
      provider,
      ttlSeconds: 900,
      pollMs: 20,
      now: opts.now,
    });
    const w = startSuggestionWorker({
      connection,
      redisPrefix: session.prefix,
      workerId: `s${workers.length + 1}`,
      concurrency: 2,
      lockMs: 5_000,
      stalledIntervalMs: 5_000,
      metrics,
      log: { info: () => {}, warn: () => {}, error: () => {} },
      process: createSuggestionProcessor({
        cache,
        maps: provider,
        bus: session.bus,
        sessions: createSessionClient({ baseUrl: address, internalToken: TEST_INTERNAL_TOKEN }),
        metrics,
        now: opts.now,
      }),
    });
    const close = w.close;
    w.close = async () => {
      await close();
      connection.disconnect();
    };
    workers.push(w);
    return Object.assign(w, { registry });
  };

  /** usage.recorded events on the bus so far. */
  const usage = async (): Promise<{ id: string; data: UsageRecordedData }[]> =>
    (await session.redis.xrange(streamKey(session.prefix, TOPICS.usageRecorded), '-', '+')).map(
      ([, f]) => JSON.parse(f[1]!),
    );

  /** travel.computed events on the bus so far for the session. */
  const travelEvents = async (sessionId: string): Promise<TravelComputedData[]> =>
    (await session.redis.xrange(streamKey(session.prefix, TOPICS.travelComputed), '-', '+'))
      .map(([, f]) => (JSON.parse(f[1]!) as { data: TravelComputedData }).data)
      .filter((d) => d.sessionId === sessionId);

  /** PUTs a device position for the user (applies to all their open sessions). */
  const moveTo = async (user: TestUser, lat: number, lon: number) => {
    const res = await session.app.inject({
      method: 'PUT',
      url: '/api/location',
      headers: bearer(user.token),
      payload: { latitude: lat, longitude: lon, accuracy: 5, timestamp: Date.now() },
    });
    if (res.statusCode !== 200) throw new Error(`location failed: ${res.statusCode} ${res.body}`);
  };

  /** Closes the workers started so far (after each test, so one test's worker never takes another's jobs). */
  const closeWorkers = async () => {
    await Promise.all(workers.splice(0).map((w) => w.close()));
  };

  return {
    session,
    address,
    config,
    worker,
    suggestionWorker,
    closeWorkers,
    usage,
    travelEvents,
    moveTo,
    close: async () => {
      await closeWorkers();
      await consumer.stop();
      await session.close();
    },
  };
}
export type Pipeline = Awaited<ReturnType<typeof startPipeline>>;
