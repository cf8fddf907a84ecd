import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { EventEnvelope } from '@oneeta/contracts';
import { Queue } from 'bullmq';
import { sql } from 'drizzle-orm';
import { pgSchema } from 'drizzle-orm/pg-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import client from 'prom-client';
import { createEventBus, streamKey } from '../src/bus.js';
import {
  createDelivery,
  createOutbox,
  createRelayMetrics,
  outboxTable,
  startOutboxRelay,
  type OutboxMessage,
  type OutboxRelay,
} from '../src/outbox.js';
import { createSessionSubscriber } from '../src/pubsub.js';
import { createRedis } from '../src/redis.js';
import {
  createTestDatabase,
  eventually,
  startRedisServer,
  type TestDatabase,
  type TestEngine,
} from '../src/testing.js';
import { TEST_JOBS, type TestEvents, type TestInput, type TestJobs } from './fixtures/catalog.js';

const migrationsFolder = fileURLToPath(new URL('./fixtures/outbox-migrations', import.meta.url));
const table = outboxTable(pgSchema('outbox_test'));
const FAST = { pollMs: 50, backoffMs: 50, maxBackoffMs: 200 } as const;

/** The events of a topic as they sit on the stream, in stream order. */
async function streamEvents(
  redis: ReturnType<typeof createRedis>,
  prefix: string,
  topic: string,
): Promise<EventEnvelope[]> {
  const entries = (await redis.xrange(streamKey(prefix, topic), '-', '+')) as [string, string[]][];
  return entries.map(([, fields]) => JSON.parse(fields[1]!) as EventEnvelope);
}

const event = (aggregate: string, n: number): TestInput => ({
  aggregate,
  kind: 'event',
  topic: 'thing.changed',
  data: { aggregate, n },
});

describe.each<TestEngine>(['pglite', 'postgres'])('outbox on %s', (engine) => {
  let server: Awaited<ReturnType<typeof startRedisServer>>;
  let database: TestDatabase;
  let relays: OutboxRelay[] = [];
  const prefix = `outbox-${randomUUID()}`;

  beforeAll(async () => {
    server = await startRedisServer();
    database = await createTestDatabase({ schema: 'outbox_test', migrationsFolder }, engine);
  });
  afterEach(async () => {
    await Promise.all(relays.map((r) => r.stop()));
    relays = [];
    await database.db.delete(table);
  });
  afterAll(async () => {
    await database.destroy();
    await server.stop();
  });

  /** A producer connection (no offline queue) and a relay delivering through it. */
  function relayFor(
    deliverWrap?: (m: OutboxMessage, deliver: (m: OutboxMessage) => Promise<void>) => Promise<void>,
    opts: Partial<Parameters<typeof startOutboxRelay>[0]> = {},
  ) {
    const producer = createRedis(server.url, { role: 'producer' });
    const queue = new Queue('outbox-test', { connection: producer, prefix: `{${prefix}}:bull` });
    queue.on('error', () => {}); // Redis is taken away on purpose
    const deliver = createDelivery({
      bus: createEventBus({ redis: producer, prefix, source: 'test' }),
      redis: producer,
      prefix,
      queues: { 'outbox-test': queue },
    });
    const relay = startOutboxRelay({
      db: database.db,
      table,
      ...FAST,
      ...opts,
      deliver: deliverWrap ? (m) => deliverWrap(m, deliver) : deliver,
    });
    relays.push({
      ...relay,
      stop: async () => {
        await relay.stop();
        await queue.close();
        producer.disconnect();
      },
    });
    return { relay, queue };
  }

  it('delivers the event, job and nudge of a committed transaction, and nothing of a rolled-back one', async () => {
    const outbox = createOutbox<TestEvents, TestJobs>(table, 'test', TEST_JOBS);
    const reader = createRedis(server.url);
    const nudges: string[] = [];
    const subscriber = createSessionSubscriber(server.url, prefix, (sessionId) =>
      nudges.push(sessionId),
    );
    await subscriber.subscribe('s1');
    const eventId = randomUUID();
    await expect(
      database.db.transaction(async (tx) => {
        await outbox.add(tx, [{ aggregate: 's0', kind: 'event', topic: 'rolled.back', data: {} }]);
        throw new Error('the state change failed');
      }),
    ).rejects.toThrow('the state change failed');
    await database.db.transaction(async (tx) => {
      await outbox.add(tx, [
        {
          aggregate: 's1',
          kind: 'job',
          queue: 'outbox-test',
          name: 'compute',
          data: { sessionId: 's1' },
          opts: { deduplication: { id: 'session:s1' } },
        },
        { aggregate: 's1', kind: 'event', topic: 'thing.changed', data: { n: 1 }, id: eventId },
        {
          aggregate: 's1',
          kind: 'nudge',
          sessionId: 's1',
          nudge: { type: 'refresh-session', sessionId: 's1' },
        },
      ]);
    });
    const { relay, queue } = relayFor();
    relay.wake();
    await eventually(async () => (await relay.pending()) === 0);
    expect((await streamEvents(reader, prefix, 'thing.changed')).map((e) => e.id)).toEqual([
      eventId,
    ]);
    expect(await streamEvents(reader, prefix, 'rolled.back')).toEqual([]);
    const jobs = await queue.getJobs(['waiting', 'delayed', 'prioritized']);
    expect(jobs.map((j) => [j.name, j.data])).toEqual([['compute', { sessionId: 's1' }]]);
    await eventually(() => nudges.includes('s1'));
    await subscriber.close();
    reader.disconnect();
  });

  it('waits while Redis is down, then delivers every row once and in order per aggregate', async () => {
    const outbox = createOutbox<TestEvents, TestJobs>(table, 'test', TEST_JOBS);
    const metrics = createRelayMetrics(new client.Registry());
    const { relay } = relayFor(undefined, { metrics });
    await server.stop();
    for (let n = 1; n <= 5; n++) {
      await database.db.transaction((tx) => outbox.add(tx, [event('a', n), event('b', n)]));
      relay.wake();
    }
    await eventually(
      async () => (await metrics.failed.get()).values.reduce((s, v) => s + v.value, 0) >= 2,
    );
    expect(await relay.pending()).toBe(10);
    await server.start();
    await eventually(async () => (await relay.pending()) === 0, { timeoutMs: 10_000 });
    const reader = createRedis(server.url);
    const seen = await streamEvents(reader, prefix, 'thing.changed');
    reader.disconnect();
    const order = (agg: string) =>
      seen
        .filter((e) => (e.data as { aggregate: string }).aggregate === agg)
        .map((e) => (e.data as { n: number }).n);
    expect(order('a')).toEqual([1, 2, 3, 4, 5]);
    expect(order('b')).toEqual([1, 2, 3, 4, 5]);
    expect(new Set(seen.map((e) => e.id)).size).toBe(10);
  });

  it('keeps a later row of an aggregate back while an earlier one is retrying', async () => {
    const outbox = createOutbox<TestEvents, TestJobs>(table, 'test', TEST_JOBS);
    const delivered: number[] = [];
    let failuresLeft = 3;
    const { relay } = relayFor(async (m, deliver) => {
      const n = m.kind === 'event' ? (m.envelope.data as { n: number }).n : 0;
      if (n === 1 && failuresLeft-- > 0) throw new Error('first one is unlucky');
      await deliver(m);
      delivered.push(n);
    });
    await database.db.transaction((tx) =>
      outbox.add(tx, [event('a', 1), event('a', 2), event('a', 3)]),
    );
    relay.wake();
    await eventually(() => delivered.length === 3, { timeoutMs: 10_000 });
    expect(delivered).toEqual([1, 2, 3]);
  });

  it('a new relay delivers rows left behind by one that stopped before delivering or froze mid-delivery', async () => {
    const outbox = createOutbox<TestEvents, TestJobs>(table, 'test', TEST_JOBS);
    // Committed, then the process died before its relay ran.
    await database.db.transaction((tx) => outbox.add(tx, [event('a', 1)]));
    // Claimed by a relay that never finishes delivering (killed mid-delivery): its lease lapses.
    const frozen = relayFor(() => new Promise<void>(() => {}), { leaseMs: 300 });
    frozen.relay.wake();
    await database.db.transaction((tx) => outbox.add(tx, [event('a', 2)]));
    frozen.relay.wake();
    const frozenIndex = relays.length - 1;
    relays.splice(frozenIndex, 1); // its stop() would wait for the frozen delivery forever
    const { relay } = relayFor(undefined, { leaseMs: 300 });
    relay.wake();
    await eventually(async () => (await relay.pending()) === 0, { timeoutMs: 10_000 });
    const reader = createRedis(server.url);
    const seen = await streamEvents(reader, prefix, 'thing.changed');
    reader.disconnect();
    expect(
      seen
        .filter((e) => (e.data as { aggregate: string }).aggregate === 'a')
        .map((e) => (e.data as { n: number }).n)
        .slice(-2),
    ).toEqual([1, 2]);
  });

  it('two relays over one table deliver every row once, in order per aggregate, and drain it', async () => {
    const outbox = createOutbox<TestEvents, TestJobs>(table, 'test', TEST_JOBS);
    const byRelay = [0, 0];
    const counting =
      (i: number) => async (m: OutboxMessage, deliver: (m: OutboxMessage) => Promise<void>) => {
        await deliver(m);
        byRelay[i]! += 1;
      };
    const first = relayFor(counting(0), { batchSize: 7 }).relay;
    const second = relayFor(counting(1), { batchSize: 7 }).relay;
    const aggregates = ['r1', 'r2', 'r3', 'r4'];
    for (let n = 1; n <= 10; n++) {
      await database.db.transaction((tx) =>
        outbox.add(
          tx,
          aggregates.map((a) => event(a, n)),
        ),
      );
      (n % 2 ? first : second).wake();
    }
    await eventually(async () => byRelay[0]! + byRelay[1]! >= 40 && (await first.pending()) === 0, {
      timeoutMs: 10_000,
    });
    const reader = createRedis(server.url);
    const seen = (await streamEvents(reader, prefix, 'thing.changed')).filter((e) =>
      aggregates.includes((e.data as { aggregate: string }).aggregate),
    );
    reader.disconnect();
    expect(byRelay[0]! + byRelay[1]!).toBe(40);
    expect(new Set(seen.map((e) => e.id)).size).toBe(seen.length);
    for (const a of aggregates) {
      expect(
        seen
          .filter((e) => (e.data as { aggregate: string }).aggregate === a)
          .map((e) => (e.data as { n: number }).n),
      ).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    }
  });

  // Concurrent transactions need a server: PGlite runs one at a time.
  if (engine === 'postgres')
    it('makes a second transaction on an aggregate wait for the first, so rows go out in commit order', async () => {
      const outbox = createOutbox<TestEvents, TestJobs>(table, 'test', TEST_JOBS);
      const delivered: number[] = [];
      const { relay } = relayFor(async (m, deliver) => {
        await deliver(m);
        if (m.kind === 'event') delivered.push((m.envelope.data as { n: number }).n);
      });
      let commitFirst!: () => void;
      const gate = new Promise<void>((resolve) => (commitFirst = resolve));
      let firstAdded!: () => void;
      const added = new Promise<void>((resolve) => (firstAdded = resolve));
      const first = database.db.transaction(async (tx) => {
        await outbox.add(tx, [event('x', 1)]);
        firstAdded();
        await gate;
      });
      await added;
      const second = database.db.transaction((tx) => outbox.add(tx, [event('x', 2)]));
      // The second transaction waits on the aggregate's lock while the first is open.
      await eventually(async () => {
        const result = await database.db.execute(
          sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and wait_event = 'advisory'`,
        );
        return (result as unknown as { rows: { n: number }[] }).rows[0]!.n > 0;
      });
      commitFirst();
      await Promise.all([first, second]);
      relay.wake();
      await eventually(() => delivered.length === 2);
      expect(delivered).toEqual([1, 2]);
    });

  it('deletes delivered rows once they are older than the retention', async () => {
    const outbox = createOutbox<TestEvents, TestJobs>(table, 'test', TEST_JOBS);
    await database.db.transaction((tx) => outbox.add(tx, [event('c', 1)]));
    const { relay } = relayFor(undefined, { retainMs: 0, cleanEveryMs: 0 });
    relay.wake();
    await eventually(async () => (await database.db.select().from(table)).length === 0);
  });
});
