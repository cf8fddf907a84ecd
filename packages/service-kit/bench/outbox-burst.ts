/**
 * `pnpm bench:outbox`: a burst of changes on ONE aggregate written to the outbox, then drained by
 * the relay into a private redis-server. Each change writes the four rows of a session position
 * update (services/session/src/changes/notify.ts): a route job deduplicated on `session:X`, an event, a
 * second event and a /ws nudge. Runs on PGlite and, when TEST_DATABASE_URL or DATABASE_URL is set,
 * on that PostgreSQL server (in a throwaway database). Prints drain time, rows/s, Redis round trips
 * (the server's `total_reads_processed`: one per batch of bytes the client sent and the server
 * read) and the relay's CPU time, and writes JSON.
 *
 *   pnpm bench:outbox [--changes=2000] [--timeout-s=120] [--out=bench-results/outbox.json]
 *
 * Every loop is bounded: the burst by --changes, the drain by --timeout-s (an unfinished drain is
 * reported with the rows it delivered).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pgSchema } from 'drizzle-orm/pg-core';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { createEventBus } from '../src/bus.js';
import {
  createDelivery,
  createOutbox,
  outboxTable,
  startOutboxRelay,
  type OutboxInput,
} from '../src/outbox.js';
import { createRedis } from '../src/redis.js';
import {
  createTestDatabase,
  startRedisServer,
  uniquePrefix,
  type TestEngine,
} from '../src/testing.js';

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]),
);
const CHANGES = Number(args.changes ?? 2000);
const TIMEOUT_MS = Number(args['timeout-s'] ?? 120) * 1000;
const OUT = path.resolve(args.out ?? 'bench-results/outbox.json');
const INSERT_CHUNK = 250;
/** How often the bench counts the undelivered rows (the drain time's resolution). */
const CHECK_MS = 50;
const migrationsFolder = fileURLToPath(
  new URL('../test/fixtures/outbox-migrations', import.meta.url),
);
const table = outboxTable(pgSchema('outbox_test'));

/** The four rows of one session change, in notify.ts order. */
/** A session's schedule as the bench's changes write it (the size of a real one; `n` moves the arrival time). */
const scheduleOf = (sessionId: string, n: number) => ({
  sessionId,
  isClosed: false,
  destinationName: null,
  arriveAt: new Date(Date.UTC(2030, 0, 1, 12, n % 60)).toISOString(),
  tzId: null,
  participants: [
    { participantId: 'p1', userId: 'u1', status: 'active' as const, enroute: false, leaveBy: null },
  ],
});

function change(sessionId: string, n: number): OutboxInput[] {
  const aggregate = `session:${sessionId}`;
  return [
    {
      aggregate,
      kind: 'job',
      queue: 'route-matrix',
      name: 'compute',
      data: { sessionId, reason: 'location', requestedAt: new Date().toISOString() },
      opts: {
        delay: 2_000,
        priority: 2,
        deduplication: { id: `session:${sessionId}`, keepLastIfActive: true },
      },
    },
    {
      aggregate,
      kind: 'event',
      topic: 'session.changed',
      data: {
        sessionId,
        creatorUserId: 'u1',
        isClosed: false,
        closedAt: null,
        participantCount: 5,
        reason: `position ${n}`,
      },
    },
    { aggregate, kind: 'event', topic: 'session.schedule', data: scheduleOf(sessionId, n) },
    { aggregate, kind: 'nudge', sessionId, nudge: { type: 'refresh-session', sessionId } },
  ];
}

async function readsProcessed(redis: Redis): Promise<number> {
  const info = await redis.info('stats');
  return Number(/total_reads_processed:(\d+)/.exec(info)?.[1] ?? NaN);
}

async function run(engine: TestEngine) {
  const server = await startRedisServer();
  const database = await createTestDatabase({ schema: 'outbox_test', migrationsFolder }, engine);
  const prefix = uniquePrefix('bench-outbox');
  const producer = createRedis(server.url, { role: 'producer' });
  const admin = new Redis(server.url);
  const queue = new Queue('route-matrix', {
    connection: producer,
    prefix: `{${prefix}}:bull`,
    defaultJobOptions: { attempts: 5, removeOnComplete: { count: 1000 } },
  });
  queue.on('error', () => {});
  try {
    await queue.waitUntilReady();
    const outbox = createOutbox(table, 'bench');
    const sessionId = 'burst';
    const writeStart = performance.now();
    for (let i = 0; i < CHANGES; i += INSERT_CHUNK) {
      const upTo = Math.min(CHANGES, i + INSERT_CHUNK);
      await database.db.transaction(async (tx) => {
        for (let n = i; n < upTo; n++) await outbox.add(tx, change(sessionId, n));
      });
    }
    const writeMs = performance.now() - writeStart;
    const rows = CHANGES * 4;

    const deliver = createDelivery({
      bus: createEventBus({ redis: producer, prefix, source: 'bench' }),
      redis: producer,
      prefix,
      queues: { 'route-matrix': queue },
    });
    const readsBefore = await readsProcessed(admin);
    const cpuBefore = process.cpuUsage();
    const began = performance.now();
    // The relay's own loop drains (woken once, as after the last commit); the bench only watches.
    const relay = startOutboxRelay({
      db: database.db,
      table,
      deliver,
      pollMs: 100,
      cleanEveryMs: 3_600_000,
    });
    relay.wake();
    let left = rows;
    let checks = 0;
    while (performance.now() - began < TIMEOUT_MS && checks < 1_000_000) {
      checks += 1;
      await sleep(CHECK_MS);
      left = await relay.pending();
      if (left === 0) break;
    }
    const drainMs = performance.now() - began;
    const cpu = process.cpuUsage(cpuBefore);
    // The INFO call itself is one read; subtract it.
    const roundTrips = (await readsProcessed(admin)) - readsBefore - 1;
    // A relay cut off mid-pass is left behind (the process exits at the end).
    await Promise.race([relay.stop(), sleep(2_000)]);
    const delivered = rows - left;
    const jobs = await queue.getJobCounts('waiting', 'delayed', 'prioritized');
    const streamLength = await admin.xlen(`${prefix}:stream:session.changed`);
    return {
      engine,
      changes: CHANGES,
      rows,
      writeMs: Math.round(writeMs),
      drained: left === 0,
      delivered,
      left,
      drainSeconds: Number((drainMs / 1000).toFixed(3)),
      rowsPerSecond: Math.round(delivered / (drainMs / 1000)),
      redisRoundTrips: roundTrips,
      relayCpuMs: Math.round((cpu.user + cpu.system) / 1000),
      queuedJobs: Object.values(jobs).reduce((s, v) => s + v, 0),
      sessionChangedEvents: streamLength,
    };
  } finally {
    await queue.close().catch(() => {});
    producer.disconnect();
    admin.disconnect();
    await database.destroy().catch(() => {});
    await server.stop();
  }
}

const engines: TestEngine[] = ['pglite'];
if (process.env.TEST_DATABASE_URL || process.env.DATABASE_URL) {
  process.env.TEST_DATABASE_URL ??= process.env.DATABASE_URL;
  engines.push('postgres');
}
const results = [];
for (const engine of engines) {
  const result = await run(engine);
  results.push(result);
  console.log(
    `${engine.padEnd(8)} ${result.rows} rows: ${result.drained ? 'drained' : `NOT drained (${result.left} left)`} in ${result.drainSeconds} s, ` +
      `${result.rowsPerSecond} rows/s, ${result.redisRoundTrips} Redis round trips, relay CPU ${result.relayCpuMs} ms ` +
      `(${result.queuedJobs} job queued, ${result.sessionChangedEvents} session.changed events)`,
  );
}
mkdirSync(path.dirname(OUT), { recursive: true });
writeFileSync(
  OUT,
  `${JSON.stringify({ at: new Date().toISOString(), changes: CHANGES, results }, null, 2)}\n`,
);
console.log(`wrote ${OUT}`);
process.exit(0);
