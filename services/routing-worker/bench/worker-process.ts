/**
 * One route-matrix worker process for the routing benchmark: the production worker, processor and
 * travel cache, with two differences the benchmark needs: the clock is virtual (set by the parent
 * over IPC before each tick) and the offline provider sits behind a counting wrapper. With
 * BENCH_ASK_EVERY_TIME=1 the cost policy is off (every participant's cell asked on every job).
 */
import { createOfflineMapsProvider, createTravelCache, type MapsProvider } from '@oneeta/maps';
import { createEventBus, createRedis } from '@oneeta/service-kit';
import { transactionsForCells } from '@oneeta/travel';
import client from 'prom-client';
import { createEtaStateStore } from '../src/store/eta-state.js';
import { createWorkerMetrics } from '../src/providers/metrics.js';
import { createProcessor } from '../src/consumers/processor.js';
import { createSessionClient } from '../src/providers/session-client.js';
import { startRouteWorker } from '../src/consumers/worker.js';

const env = process.env;
const prefix = env.REDIS_PREFIX!;
let now = new Date(Number(env.BENCH_START_MS));
const counts = { calls: 0, cells: 0, transactions: 0 };
const latencies: number[] = [];

const offline = createOfflineMapsProvider();
const provider: MapsProvider = {
  ...offline,
  async matrix(origins, destination, options) {
    counts.calls++;
    counts.cells += origins.length;
    counts.transactions += transactionsForCells(origins.length);
    return offline.matrix(origins, destination, options);
  },
};

const redis = createRedis(env.REDIS_URL!);
const connection = createRedis(env.REDIS_URL!, { role: 'worker' });
const bus = createEventBus({ redis, prefix, source: 'routing-worker' });
const metrics = createWorkerMetrics(new client.Registry());
const process_ = createProcessor({
  cache: createTravelCache({ redis, prefix, provider, ttlSeconds: 900, now: () => now }),
  bus,
  sessions: createSessionClient({ baseUrl: env.SESSION_URL!, internalToken: env.INTERNAL_TOKEN }),
  metrics,
  etaState: createEtaStateStore({ redis, prefix }),
  askEveryTime: env.BENCH_ASK_EVERY_TIME === '1',
  provider: provider.name,
  now: () => now,
});
const worker = startRouteWorker({
  connection,
  redisPrefix: prefix,
  workerId: env.WORKER_ID!,
  concurrency: Number(env.WORKER_CONCURRENCY ?? 8),
  lockMs: 30_000,
  stalledIntervalMs: 30_000,
  metrics,
  log: { info: () => {}, warn: () => {}, error: (o: unknown) => console.error(o) },
  process: async (job) => {
    const result = await process_(job);
    latencies.push(Date.now() - job.timestamp);
    return result;
  },
});

process.on('message', async (message: { type: string; now?: number }) => {
  if (message.type === 'clock') {
    now = new Date(message.now!);
    process.send!({ type: 'clock-ack' });
  } else if (message.type === 'stats') {
    const decisions = Object.fromEntries(
      (await metrics.etaDecisions.get()).values.map((v) => [String(v.labels.decision), v.value]),
    );
    process.send!({ type: 'stats', ...counts, latencies, decisions });
  } else if (message.type === 'stop') {
    await worker.close();
    connection.disconnect();
    redis.disconnect();
    process.exit(0);
  }
});
process.send!({ type: 'ready' });
