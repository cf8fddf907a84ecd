import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { EventEnvelope } from '@oneeta/contracts';
import { Queue } from 'bullmq';
import { eq } from 'drizzle-orm';
import { pgSchema } from 'drizzle-orm/pg-core';
import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createEventBus, streamKey } from '../src/bus.js';
import {
  createDelivery,
  createOutbox,
  outboxTable,
  startOutboxRelay,
  type OutboxRelay,
} from '../src/outbox.js';
import { createRedis } from '../src/redis.js';
import {
  createTestDatabase,
  startRedisServer,
  type TestDatabase,
  type TestEngine,
} from '../src/testing.js';
import { TEST_JOBS, type TestEvents, type TestInput, type TestJobs } from './fixtures/catalog.js';

const migrationsFolder = fileURLToPath(new URL('./fixtures/outbox-migrations', import.meta.url));
const table = outboxTable(pgSchema('outbox_test'));
/** The tests drive the relay with runOnce: its own poll never comes. */
const MANUAL = { pollMs: 3_600_000, backoffMs: 1, maxBackoffMs: 1 } as const;

const event = (
  aggregate: string,
  n: number,
  topic: keyof TestEvents = 'thing.changed',
): TestInput => ({ aggregate, kind: 'event', topic, data: { aggregate, n } }) as TestInput;

/** [stream entry id, aggregate, n] of a topic's events, in stream order. */
async function streamEvents(
  redis: Redis,
  prefix: string,
  topic: string,
): Promise<[string, string, number][]> {
  const entries = (await redis.xrange(streamKey(prefix, topic), '-', '+')) as [string, string[]][];
  return entries.map(([id, fields]) => {
    const data = (JSON.parse(fields[1]!) as EventEnvelope).data as { aggregate: string; n: number };
    return [id, data.aggregate, data.n];
  });
}

async function stat(redis: Redis, field: string): Promise<number> {
  return Number(new RegExp(`${field}:(\\d+)`).exec(await redis.info('stats'))?.[1]);
}

describe.each<TestEngine>(['pglite', 'postgres'])('outbox pipelining on %s', (engine) => {
  let server: Awaited<ReturnType<typeof startRedisServer>>;
  let database: TestDatabase;
  let reader: Redis;
  let closers: (() => Promise<void>)[] = [];
  const prefix = `outbox-${randomUUID()}`;
  const outbox = createOutbox<TestEvents, TestJobs>(table, 'test', TEST_JOBS);
  const add = (rows: TestInput[]) => database.db.transaction((tx) => outbox.add(tx, rows));

  beforeAll(async () => {
    server = await startRedisServer();
    database = await createTestDatabase({ schema: 'outbox_test', migrationsFolder }, engine);
    reader = createRedis(server.url);
  });
  afterEach(async () => {
    await Promise.all(closers.map((c) => c()));
    closers = [];
    await database.db.delete(table);
    await reader.flushall();
  });
  afterAll(async () => {
    reader.disconnect();
    await database.destroy();
    await server.stop();
  });

  /** A relay over a producer connection; `queues` is the delivery's own record (a test may add to it later). */
  async function relayFor(
    opts: { plain?: boolean; onError?: (err: unknown, row?: { seq: number }) => void } = {},
  ) {
    const producer = createRedis(server.url, { role: 'producer' });
    const queue = new Queue('outbox-test', { connection: producer, prefix: `{${prefix}}:bull` });
    await queue.waitUntilReady();
    const queues: Record<string, Queue> = { 'outbox-test': queue };
    const delivery = createDelivery({
      bus: createEventBus({ redis: producer, prefix, source: 'test' }),
      redis: producer,
      prefix,
      queues,
    });
    const relay: OutboxRelay = startOutboxRelay({
      db: database.db,
      table,
      ...MANUAL,
      onError: opts.onError,
      deliver: opts.plain ? (m) => delivery(m) : delivery,
    });
    await relay.runOnce(); // the start-up pass, on an empty table
    closers.push(async () => {
      await relay.stop();
      await Promise.all(Object.values(queues).map((q) => q.close()));
      producer.disconnect();
    });
    return { relay, queue, queues, producer };
  }

  const undelivered = async () =>
    (await database.db.select().from(table))
      .filter((r) => r.deliveredAt === null)
      .map((r) => (r.message.kind === 'event' ? r.message.envelope.data : r.message.kind));

  it('a row Redis refuses mid-pipeline holds back its aggregate’s later rows; other aggregates go on; then it and they go in order', async () => {
    await reader.set(streamKey(prefix, 'broken.topic'), 'not a stream'); // XADD on it: WRONGTYPE
    const errors: unknown[] = [];
    const { relay } = await relayFor({ onError: (err) => errors.push(err) });
    await add([
      event('a', 1),
      event('b', 1),
      event('a', 2, 'broken.topic'),
      event('b', 2),
      event('a', 3),
      event('b', 3),
    ]);

    expect(await relay.runOnce()).toBe(4);
    expect(String(errors[0])).toContain('WRONGTYPE');
    expect(errors).toHaveLength(1);
    // a2 failed; a3 rode in the same pipeline but is not marked delivered: it goes again after a2.
    expect(await undelivered()).toEqual([
      { aggregate: 'a', n: 2 },
      { aggregate: 'a', n: 3 },
    ]);
    const [a2] = await database.db
      .select()
      .from(table)
      .where(eq(table.attempts, 1))
      .then((rows) => rows.filter((r) => r.deliveredAt === null));
    expect(a2?.lastError).toContain('WRONGTYPE');
    expect(
      (await streamEvents(reader, prefix, 'thing.changed'))
        .filter(([, agg]) => agg === 'b')
        .map(([, , n]) => n),
    ).toEqual([1, 2, 3]);

    await reader.del(streamKey(prefix, 'broken.topic'));
    await new Promise((resolve) => setTimeout(resolve, 20)); // the 1 ms backoff
    expect(await relay.runOnce()).toBe(2);
    expect(await undelivered()).toEqual([]);
    const a2Id = (await streamEvents(reader, prefix, 'broken.topic'))[0]![0];
    const a3Ids = (await streamEvents(reader, prefix, 'thing.changed'))
      .filter(([, agg, n]) => agg === 'a' && n === 3)
      .map(([id]) => id);
    // The last (delivered) a3 was written after a2.
    const ms = (id: string) => Number(id.split('-')[0]);
    expect(ms(a3Ids.at(-1)!)).toBeGreaterThanOrEqual(ms(a2Id));
  });

  it('a row that cannot be sent (a job for a queue the relay lacks) keeps its aggregate’s later rows off Redis until it goes', async () => {
    const { relay, queues, producer } = await relayFor();
    await add([
      event('a', 1),
      { aggregate: 'a', kind: 'job', queue: 'later-queue', name: 'compute', data: { a: 2 } },
      event('a', 3),
      event('b', 1),
    ]);
    expect(await relay.runOnce()).toBe(2);
    expect(
      (await streamEvents(reader, prefix, 'thing.changed')).map(([, agg, n]) => `${agg}${n}`),
    ).toEqual(['a1', 'b1']);
    expect(await undelivered()).toEqual(['job', { aggregate: 'a', n: 3 }]);

    const later = new Queue('later-queue', { connection: producer, prefix: `{${prefix}}:bull` });
    queues['later-queue'] = later;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await relay.runOnce()).toBe(2);
    expect(
      (await streamEvents(reader, prefix, 'thing.changed')).map(([, agg, n]) => `${agg}${n}`),
    ).toEqual(['a1', 'b1', 'a3']);
    expect((await later.getJobs(['waiting'])).map((j) => j.data)).toEqual([{ a: 2 }]);
  });

  it('a job relayed late is still deduplicated against the job already waiting for its id', async () => {
    const { relay, queue } = await relayFor();
    const first = await queue.add(
      'compute',
      { n: 0 },
      { delay: 60_000, deduplication: { id: 'session:late' } },
    );
    const dedup = {
      aggregate: 'session:late',
      kind: 'job',
      queue: 'outbox-test',
      name: 'compute',
      opts: { delay: 2_000, deduplication: { id: 'session:late' } },
    } as const;
    await add([{ ...dedup, data: { n: 1 } }]);
    await add([{ ...dedup, data: { n: 2 } }]);
    // Written a while ago, relayed only now (the relay was down).
    await database.db.update(table).set({
      createdAt: new Date(Date.now() - 10 * 60_000),
      availableAt: new Date(Date.now() - 10 * 60_000),
    });
    const [row] = await database.db.select().from(table);
    expect(row?.message).toMatchObject({
      kind: 'job',
      opts: { deduplication: { id: 'session:late' } },
    });
    expect(await relay.runOnce()).toBe(2);
    const jobs = await queue.getJobs(['waiting', 'delayed', 'prioritized']);
    expect(jobs.map((j) => [j.id, j.data])).toEqual([[first.id, { n: 0 }]]);
    expect(await queue.getDeduplicationJobId('session:late')).toBe(first.id);
  });

  it('delivers a batch of K rows in far fewer than K round trips (counted by the server), under a fifth of what one message at a time takes', async () => {
    const K = 200;
    const rows: TestInput[] = [];
    for (let n = 0; n < K / 4; n++) {
      const aggregate = `s${n % 4}`;
      rows.push(
        {
          aggregate,
          kind: 'job',
          queue: 'outbox-test',
          name: 'compute',
          data: { n },
          opts: { deduplication: { id: aggregate } },
        },
        event(aggregate, n),
        event(aggregate, n, 'other.topic'),
        {
          aggregate,
          kind: 'nudge',
          sessionId: aggregate,
          nudge: { type: 'refresh-session', sessionId: aggregate },
        },
      );
    }
    const measure = async (relay: OutboxRelay) => {
      await add(rows);
      const reads = await stat(reader, 'total_reads_processed');
      const commands = await stat(reader, 'total_commands_processed');
      const delivered = await relay.runOnce();
      // Each INFO call is one read and one command of its own.
      return {
        delivered,
        reads: (await stat(reader, 'total_reads_processed')) - reads - 1,
        commands: (await stat(reader, 'total_commands_processed')) - commands - 1,
      };
    };

    const { relay: pipelined } = await relayFor();
    const batch = await measure(pipelined);
    expect(batch.delivered).toBe(K);
    expect(batch.commands).toBeGreaterThanOrEqual(K);
    expect(batch.reads).toBeLessThanOrEqual(K / 10);

    await Promise.all(closers.map((c) => c()));
    closers = [];
    const { relay: plain } = await relayFor({ plain: true });
    const single = await measure(plain);
    expect(single.delivered).toBe(K);
    // One command per round trip, four aggregates side by side (their commands may share a read).
    expect(single.reads).toBeGreaterThanOrEqual(K / 4);
    expect(batch.reads * 5).toBeLessThan(single.reads);
  });
});
