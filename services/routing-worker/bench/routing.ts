/**
 * `pnpm bench:routing`: a simulated hour (virtual clock, 5 s ticks) of sessions whose participants
 * wait, then travel toward their destinations (simulation.ts), every participant's position updated
 * every tick, run through the real queue, worker processes, cost policy, travel cache and Redis with
 * the offline provider behind a counting wrapper; once with 1 and once with 2 worker processes.
 * Prints a table and writes JSON.
 *
 *   pnpm bench:routing [--minutes=60] [--sessions=500] [--size=5] [--workers=1,2] [--policy=on|off] [--out=bench-results/routing.json]
 *
 * Cost: transactions billed, per session-hour. Accuracy: at every tick, for every participant not
 * yet arrived, the travel time the session holds (the last travel.computed result for them) against
 * what asking the provider every time would say for their position now (the offline estimate of
 * their cell, computed here, not billed): the ETA error, p50 and p95 in seconds. The target is at
 * most 90 transactions per session-hour with a p95 ETA error of at most 120 s. `--policy=off` asks
 * every cell on every job (the cost without the policy; its target is one provider cell per
 * distinct cache key).
 *
 * The session service is replaced by a small HTTP server answering its internal route-input call
 * from the simulation, and one job per session is queued each tick with the session service's job
 * options. Redis TTLs run on real time, so within the (minutes-long) run no cell expires: the peak
 * memory figure is an upper bound.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Queue } from 'bullmq';
import {
  JOBS,
  QUEUES,
  ROUTE_JOB_PRIORITY,
  TOPICS,
  type TravelComputedData,
} from '@oneeta/contracts';
import { createQueue, createRedis } from '@oneeta/service-kit';
import { deleteKeys } from '@oneeta/service-kit/testing';
import { estimateTravel } from '@oneeta/maps';
import { roundCoord, travelCacheKey, transactionsForCells } from '@oneeta/travel';
import { streamKey } from '@oneeta/service-kit';
import { cellRequests } from '../src/domain/cells.js';
import { createWorld, quantile, routeInputOf, step, type SimSession } from './simulation.js';

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]),
);
const MINUTES = Number(args.minutes ?? 60);
const SESSIONS = Number(args.sessions ?? 500);
const SIZE = Number(args.size ?? 5);
const WORKER_COUNTS = (args.workers ?? '1,2').split(',').map(Number);
const OUT = path.resolve(args.out ?? 'bench-results/routing.json');
const POLICY = (args.policy ?? 'on') !== 'off';
const TICK_S = 5;
const TARGET_TRANSACTIONS_PER_SESSION_HOUR = 90;
const TARGET_ETA_ERROR_P95_SECONDS = 120;
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const here = path.dirname(fileURLToPath(import.meta.url));

interface WorkerStats {
  calls: number;
  cells: number;
  transactions: number;
  latencies: number[];
  decisions: Record<string, number>;
}

async function run(workerCount: number) {
  const prefix = `bench-${randomUUID().slice(0, 8)}`;
  const start = new Date('2026-11-21T17:00:00Z');
  const world = createWorld({ sessions: SESSIONS, size: SIZE, start });
  const byId = new Map<string, SimSession>(world.map((s) => [s.id, s]));
  const server = createServer((req, res) => {
    const id = decodeURIComponent(req.url?.split('/')[3] ?? '');
    const s = byId.get(id);
    res
      .writeHead(s ? 200 : 404, { 'content-type': 'application/json' })
      .end(JSON.stringify(s ? routeInputOf(s) : { error: 'not found' }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  const redis = createRedis(REDIS_URL);
  const queue = createQueue(JOBS[QUEUES.routeMatrix], { connection: redis, redisPrefix: prefix });

  const workers: ChildProcess[] = [];
  for (let i = 0; i < workerCount; i++) {
    const child = fork(path.join(here, 'worker-process.ts'), {
      execArgv: ['--conditions=@oneeta/source', '--import', 'tsx'],
      env: {
        ...process.env,
        REDIS_URL,
        REDIS_PREFIX: prefix,
        SESSION_URL: `http://127.0.0.1:${port}`,
        WORKER_ID: `bench-w${i}`,
        BENCH_START_MS: String(start.getTime()),
        BENCH_ASK_EVERY_TIME: POLICY ? '0' : '1',
      },
    });
    await reply(child, 'ready');
    workers.push(child);
  }
  const broadcast = async (message: object, answer: string) =>
    Promise.all(
      workers.map(async (w) => {
        const got = reply(w, answer);
        w.send(message);
        return got;
      }),
    );

  const baseline = await usedMemory(redis);
  let peak = 0;
  const distinct = new Set<string>();
  let naive = 0;
  let jobs = 0;
  const held = new Map<string, number | null>();
  const errors: number[] = [];
  const enRoute: number[] = [];
  let lastEvent = '-';
  published.count = 0;
  const job = JOBS[QUEUES.routeMatrix];
  const ticks = (MINUTES * 60) / TICK_S;
  const began = performance.now();
  for (let tick = 0; tick < ticks; tick++) {
    const now = new Date(start.getTime() + tick * TICK_S * 1000);
    if (tick > 0) step(world, TICK_S, now.getTime());
    await broadcast({ type: 'clock', now: now.getTime() }, 'clock-ack');
    for (const s of world) {
      for (const r of cellRequests(routeInputOf(s), now)) {
        naive++;
        distinct.add(
          travelCacheKey({
            origin: r.origin,
            destination: r.destination,
            at: r.time.at,
            kind: r.time.kind,
            now,
            mode: r.mode,
            routeType: r.routeType,
            avoidTolls: r.avoidTolls,
          }),
        );
      }
    }
    await queue.addBulk(
      world.map((s) => ({
        name: job.name,
        data: { sessionId: s.id, reason: 'location' as const, requestedAt: now.toISOString() },
        opts: {
          priority: ROUTE_JOB_PRIORITY.premium,
          deduplication: { id: `session:${s.id}`, keepLastIfActive: true },
        },
      })),
    );
    jobs += world.length;
    await drained(queue);
    lastEvent = await readPublished(redis, prefix, lastEvent, held);
    for (const s of world) {
      const requests = cellRequests(routeInputOf(s), now);
      s.participants.forEach((p, i) => {
        const have = held.get(`${s.id}/${p.id}`);
        if (p.arrived || have === undefined || have === null) return;
        const r = requests[i]!;
        const rounded = (x: { lat: number; lon: number }) => ({
          lat: roundCoord(x.lat),
          lon: roundCoord(x.lon),
        });
        const truth = estimateTravel(rounded(r.origin), rounded(r.destination), {
          mode: r.mode,
          routeType: r.routeType,
          avoidTolls: r.avoidTolls,
        });
        errors.push(Math.abs(have - truth.travelTimeSeconds));
        if (now.getTime() >= p.departAt) enRoute.push(Math.abs(have - truth.travelTimeSeconds));
      });
    }
    if (tick % 12 === 0 || tick === ticks - 1)
      peak = Math.max(peak, (await usedMemory(redis)) - baseline);
  }
  const wallS = (performance.now() - began) / 1000;
  const stats = (await broadcast({ type: 'stats' }, 'stats')) as unknown as WorkerStats[];
  await broadcast({ type: 'stop' }, 'exit');
  const cells = stats.reduce((n, s) => n + s.cells, 0);
  const latencies = stats.flatMap((s) => s.latencies).sort((a, b) => a - b);
  errors.sort((a, b) => a - b);
  enRoute.sort((a, b) => a - b);
  const transactions = stats.reduce((n, s) => n + s.transactions, 0);
  const sessionHours = (SESSIONS * MINUTES) / 60;
  const etaErrorSeconds = {
    p50: quantile(errors, 0.5),
    p95: quantile(errors, 0.95),
    samples: errors.length,
  };
  const result = {
    workers: workerCount,
    sessions: SESSIONS,
    participantsPerSession: SIZE,
    virtualMinutes: MINUTES,
    positionUpdates: naive,
    naiveCells: naive,
    distinctKeys: distinct.size,
    providerCells: cells,
    providerCalls: stats.reduce((n, s) => n + s.calls, 0),
    transactions,
    batchedOptimumTransactions: transactionsForCells(cells),
    cacheHitRatio: naive === 0 ? 0 : 1 - cells / naive,
    jobs,
    jobsPerSecond: jobs / wallS,
    jobLatencyMs: { p50: quantile(latencies, 0.5), p95: quantile(latencies, 0.95) },
    peakRedisMemoryBytes: peak,
    wallSeconds: wallS,
    policy: POLICY ? 'reckon' : 'ask-every-time',
    transactionsPerSessionHour: transactions / sessionHours,
    etaErrorSeconds,
    /** The same, for participants who have set off only (waiting ones excluded). */
    etaErrorEnRouteSeconds: {
      p50: quantile(enRoute, 0.5),
      p95: quantile(enRoute, 0.95),
      samples: enRoute.length,
    },
    travelEvents: published.count,
    /** Participants' travel times per job by the policy's decision: reckoned, or why the cell was asked. */
    decisions: stats.reduce<Record<string, number>>((all, s) => {
      for (const [k, v] of Object.entries(s.decisions)) all[k] = (all[k] ?? 0) + v;
      return all;
    }, {}),
    targetMet: POLICY
      ? transactions / sessionHours <= TARGET_TRANSACTIONS_PER_SESSION_HOUR &&
        etaErrorSeconds.p95 <= TARGET_ETA_ERROR_P95_SECONDS
      : cells === distinct.size,
  };
  await queue.obliterate({ force: true });
  await queue.close();
  await deleteKeys(redis, prefix);
  await deleteKeys(redis, `{${prefix}}`);
  redis.disconnect();
  server.close();
  return result;
}

function reply(child: ChildProcess, type: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => {
      child.off('message', onMessage);
      if (type === 'exit' && code === 0) resolve(code);
      else reject(new Error(`worker exited with ${code} while waiting for ${type}`));
    };
    const onMessage = (m: { type: string }) => {
      if (m.type !== type) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(m);
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

const published = { count: 0 };

/** Reads travel.computed events after `after`, keeping each participant's last travel time; returns the last id read. */
async function readPublished(
  redis: ReturnType<typeof createRedis>,
  prefix: string,
  after: string,
  held: Map<string, number | null>,
): Promise<string> {
  let last = after;
  for (;;) {
    const entries = await redis.xrange(
      streamKey(prefix, TOPICS.travelComputed),
      last === '-' ? '-' : `(${last}`,
      '+',
      'COUNT',
      5000,
    );
    for (const [id, fields] of entries) {
      const data = (JSON.parse(fields[1]!) as { data: TravelComputedData }).data;
      for (const r of data.results)
        held.set(
          `${data.sessionId}/${r.participantId}`,
          r.travelTimeSeconds === null ? null : Math.round(r.travelTimeSeconds),
        );
      published.count++;
      last = id;
    }
    if (entries.length < 5000) return last;
  }
}

async function drained(queue: Queue): Promise<void> {
  for (;;) {
    const c = await queue.getJobCounts('waiting', 'prioritized', 'delayed', 'active');
    if ((c.waiting ?? 0) + (c.prioritized ?? 0) + (c.delayed ?? 0) + (c.active ?? 0) === 0) return;
    await new Promise((r) => setTimeout(r, 2));
  }
}

async function usedMemory(redis: ReturnType<typeof createRedis>): Promise<number> {
  const info = await redis.info('memory');
  return Number(/used_memory:(\d+)/.exec(info)?.[1] ?? 0);
}

const results = [];
for (const n of WORKER_COUNTS) {
  console.error(
    `routing bench: ${SESSIONS} sessions × ${SIZE} participants, ${MINUTES} virtual minutes, ${n} worker process(es)…`,
  );
  results.push(await run(n));
}
console.table(
  results.map((r) => ({
    workers: r.workers,
    'naive cells': r.naiveCells,
    'distinct keys': r.distinctKeys,
    'provider cells': r.providerCells,
    transactions: r.transactions,
    'batched optimum': r.batchedOptimumTransactions,
    'cache hit %': (r.cacheHitRatio * 100).toFixed(2),
    'jobs/s': r.jobsPerSecond.toFixed(0),
    'p50 ms': r.jobLatencyMs.p50,
    'p95 ms': r.jobLatencyMs.p95,
    'peak Redis MiB': (r.peakRedisMemoryBytes / 2 ** 20).toFixed(1),
    'tx / session-hour': r.transactionsPerSessionHour.toFixed(1),
    'ETA err p50 s': r.etaErrorSeconds.p50,
    'ETA err p95 s': r.etaErrorSeconds.p95,
    'target met': r.targetMet,
  })),
);
mkdirSync(path.dirname(OUT), { recursive: true });
writeFileSync(
  OUT,
  `${JSON.stringify({ generatedAt: new Date().toISOString(), results }, null, 2)}\n`,
);
console.error(`wrote ${OUT}`);
process.exit(results.every((r) => r.targetMet) ? 0 : 1);
