import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@oneeta/contracts';
import type { Redis } from 'ioredis';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import client from 'prom-client';
import {
  createBusMetrics,
  createEventBus,
  deadLetterKey,
  idempotent,
  streamKey,
} from '../src/bus.js';
import type { ConsumeOptions, EventBus } from '../src/bus.js';
import { MalformedMessageError } from '../src/catalog.js';
import { createRedis } from '../src/redis.js';
import { testRedisUrl, eventually as waitFor, deleteKeys } from '../src/testing.js';

const REDIS_URL = testRedisUrl();
const FAST = { blockMs: 50, claimEveryMs: 50, claimIdleMs: 200 } as const;

const TEST_EVENTS = {
  'order.placed': z.object({ orderId: z.string() }),
  metrics: z.object({ i: z.number() }),
};
type TestEvents = typeof TEST_EVENTS;
type Order = { orderId: string };

let redis: Redis;
let prefix: string;
let bus: EventBus<TestEvents>;

beforeEach(() => {
  redis = createRedis(REDIS_URL);
  prefix = `test-${randomUUID()}`;
  bus = createEventBus({ redis, prefix, source: 'bus-test', catalog: TEST_EVENTS });
});

afterEach(async () => {
  await bus.close();
  await deleteKeys(redis, prefix);
  await redis.quit();
});

function collect(
  received: EventEnvelope<Order>[],
  overrides: Partial<ConsumeOptions<'order.placed', TestEvents>> = {},
) {
  return bus.consume({
    topic: 'order.placed',
    group: 'billing',
    consumer: 'c1',
    handler: async (event) => {
      received.push(event);
    },
    ...FAST,
    ...overrides,
  });
}

async function pendingCount(topic = 'order.placed', group = 'billing'): Promise<number> {
  const [count] = (await redis.xpending(streamKey(prefix, topic), group)) as [number];
  return count;
}

describe('event bus', () => {
  it('delivers a published event to the group handler and acks it', async () => {
    const received: EventEnvelope<Order>[] = [];
    const published = await bus.publish('order.placed', { orderId: 'o-1' });
    collect(received);

    await waitFor(() => received.length === 1);
    expect(received[0]).toEqual(published);
    expect(published).toMatchObject({
      type: 'order.placed',
      source: 'bus-test',
      data: { orderId: 'o-1' },
    });
    await waitFor(async () => (await pendingCount()) === 0);
  });

  it('uses the given event id and namespaces the stream under the prefix', async () => {
    await bus.publish('order.placed', { orderId: 'o-1' }, { id: 'evt-1' });
    const entries = await redis.xrange(`${prefix}:stream:order.placed`, '-', '+');
    expect(entries).toHaveLength(1);
    const [, fields] = entries[0]!;
    expect(fields[0]).toBe('event');
    expect(JSON.parse(fields[1]!)).toMatchObject({ id: 'evt-1', data: { orderId: 'o-1' } });
  });

  it('stages an event on a MULTI so it is written only when the transaction commits', async () => {
    const discarded = redis.multi();
    bus.stage(discarded, 'order.placed', { orderId: 'dropped' });
    discarded.discard();
    const tx = redis.multi().set(`${prefix}:cell`, 'v');
    const staged = bus.stage(tx, 'order.placed', { orderId: 'o-2' }, { id: 'evt-2' });
    expect(await redis.xlen(streamKey(prefix, 'order.placed'))).toBe(0);
    await tx.exec();
    const entries = await redis.xrange(streamKey(prefix, 'order.placed'), '-', '+');
    expect(entries.map(([, f]) => JSON.parse(f[1]!))).toEqual([staged]);
    expect(staged).toMatchObject({ id: 'evt-2', type: 'order.placed', data: { orderId: 'o-2' } });
    expect(await redis.get(`${prefix}:cell`)).toBe('v');
  });

  it('starts a group at new entries only when startId is $', async () => {
    const received: EventEnvelope<Order>[] = [];
    await bus.publish('order.placed', { orderId: 'old' });
    await collect(received, { startId: '$' }).ready;
    await bus.publish('order.placed', { orderId: 'new' });

    await waitFor(() => received.length === 1);
    expect(received[0]!.data.orderId).toBe('new');
  });

  it('hands each event to one consumer of a group across two replicas, and to every group', async () => {
    // Each replica: its own connection and bus, a consumer of its own name in the same group.
    const replicas = [createRedis(REDIS_URL), createRedis(REDIS_URL)];
    const buses = replicas.map((r) =>
      createEventBus({ redis: r, prefix, source: 'bus-test', catalog: TEST_EVENTS }),
    );
    const billing: string[][] = [[], []];
    const audit: string[] = [];
    const consumers = buses.map((b, i) =>
      b.consume({
        topic: 'order.placed',
        group: 'billing',
        consumer: `replica-${i}`,
        handler: async (event) => {
          billing[i]!.push(event.id);
        },
        ...FAST,
      }),
    );
    const auditor = buses[0]!.consume({
      topic: 'order.placed',
      group: 'audit',
      consumer: 'replica-0',
      handler: async (event) => void audit.push(event.id),
      ...FAST,
    });
    try {
      await Promise.all([...consumers, auditor].map((c) => c.ready));
      const ids: string[] = [];
      for (let n = 0; n < 40; n++)
        ids.push((await buses[n % 2]!.publish('order.placed', { orderId: `o-${n}` })).id);
      await waitFor(() => billing[0]!.length + billing[1]!.length >= 40 && audit.length >= 40);
      await waitFor(
        async () =>
          (await pendingCount()) === 0 && (await pendingCount('order.placed', 'audit')) === 0,
      );
      expect([...billing[0]!, ...billing[1]!].sort()).toEqual([...ids].sort());
      expect([...audit].sort()).toEqual([...ids].sort());
    } finally {
      await Promise.all(buses.map((b) => b.close()));
      await Promise.all(replicas.map((r) => r.quit()));
    }
  });

  it('redelivers an entry a dead consumer never acked to another consumer after claimIdleMs', async () => {
    const key = streamKey(prefix, 'order.placed');
    const published = await bus.publish('order.placed', { orderId: 'o-1' });
    await redis.xgroup('CREATE', key, 'billing', '0', 'MKSTREAM');
    const taken = await redis.xreadgroup(
      'GROUP',
      'billing',
      'dead',
      'COUNT',
      10,
      'STREAMS',
      key,
      '>',
    );
    expect(taken).toHaveLength(1);

    const received: EventEnvelope<Order>[] = [];
    collect(received, { consumer: 'alive' });

    await waitFor(() => received.length === 1);
    expect(received[0]!.id).toBe(published.id);
    await waitFor(async () => (await pendingCount()) === 0);
  });

  it('leaves a failed event pending, reports it, and retries it until the handler succeeds', async () => {
    const errors: { err: unknown; event?: EventEnvelope<unknown> }[] = [];
    let attempts = 0;
    bus.consume({
      topic: 'order.placed',
      group: 'billing',
      consumer: 'c1',
      handler: async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('database down');
      },
      onError: (err, event) => errors.push({ err, event }),
      ...FAST,
    });
    const published = await bus.publish('order.placed', { orderId: 'o-1' });

    await waitFor(() => errors.length === 1);
    expect(await pendingCount()).toBe(1);
    expect((errors[0]!.err as Error).message).toBe('database down');
    expect(errors[0]!.event?.id).toBe(published.id);

    await waitFor(() => attempts === 2);
    await waitFor(async () => (await pendingCount()) === 0);
  });

  it('moves an event that failed maxDeliveries times to the dead-letter stream, acks it and counts it', async () => {
    const registry = new client.Registry();
    const metrics = createBusMetrics(registry);
    const deadBus = createEventBus({
      redis,
      prefix,
      source: 'bus-test',
      catalog: TEST_EVENTS,
      maxDeliveries: 3,
      metrics,
    });
    const calls: string[] = [];
    deadBus.consume({
      topic: 'order.placed',
      group: 'billing',
      consumer: 'c1',
      handler: async (event) => {
        calls.push(event.data.orderId);
        if (event.data.orderId === 'poison') throw new Error('cannot handle poison');
      },
      ...FAST,
    });
    const poison = await deadBus.publish('order.placed', { orderId: 'poison' });
    await deadBus.publish('order.placed', { orderId: 'fine' });

    const dead = await waitFor(async () => {
      const entries = (await redis.xrange(deadLetterKey(prefix, 'order.placed'), '-', '+')) as [
        string,
        string[],
      ][];
      return entries.length === 1 ? entries[0]! : undefined;
    });
    const fields = Object.fromEntries(
      dead[1].flatMap((v, i, all) => (i % 2 === 0 ? [[v, all[i + 1]]] : [])),
    );
    expect(JSON.parse(fields.event!)).toMatchObject({ id: poison.id, data: { orderId: 'poison' } });
    expect(fields).toMatchObject({
      group: 'billing',
      deliveries: '3',
      error: 'cannot handle poison',
    });
    expect(fields.originalId).toMatch(/^\d+-\d+$/);
    await waitFor(async () => (await pendingCount()) === 0);
    expect(calls.filter((c) => c === 'poison')).toHaveLength(3);
    expect(calls.filter((c) => c === 'fine')).toHaveLength(1);
    expect((await metrics.deadLetters.get()).values).toEqual([
      { labels: { topic: 'order.placed', group: 'billing' }, value: 1 },
    ]);
    await deadBus.close();
  });

  it('acks malformed entries and reports them without blocking the stream', async () => {
    const key = streamKey(prefix, 'order.placed');
    await redis.xadd(key, '*', 'event', 'not json');
    await redis.xadd(key, '*', 'event', JSON.stringify({ id: 'x', data: 1 }));
    await redis.xadd(key, '*', 'payload', '{}');
    await bus.publish('order.placed', { orderId: 'valid' });

    const errors: unknown[] = [];
    const received: EventEnvelope<Order>[] = [];
    collect(received, { onError: (err) => errors.push(err) });

    await waitFor(() => received.length === 1);
    expect(received[0]!.data.orderId).toBe('valid');
    expect(errors).toHaveLength(3);
    expect(
      errors.every((err) => err instanceof Error && err.message.startsWith('Malformed entry')),
    ).toBe(true);
    await waitFor(async () => (await pendingCount()) === 0);
  });

  it("dead-letters an event whose data does not match its topic's schema: the handler never sees it", async () => {
    const registry = new client.Registry();
    const metrics = createBusMetrics(registry);
    const checked = createEventBus({
      redis,
      prefix,
      source: 'bus-test',
      catalog: TEST_EVENTS,
      metrics,
    });
    // A producer that is not typed by the catalog (another version, a hand-written XADD).
    const loose = createEventBus<Record<string, z.ZodType>>({
      redis,
      prefix,
      source: 'old-producer',
      catalog: {},
    });
    const bad = await loose.publish('order.placed', { orderId: 42 });
    await checked.publish('order.placed', { orderId: 'good' });
    const errors: { err: unknown; eventId?: string }[] = [];
    const received: string[] = [];
    checked.consume({
      topic: 'order.placed',
      group: 'billing',
      consumer: 'c1',
      handler: async (event) => void received.push(event.data.orderId),
      onError: (err, event) => errors.push({ err, eventId: event?.id }),
      ...FAST,
    });
    await waitFor(() => received.length === 1);
    expect(received).toEqual(['good']);
    const dead = await waitFor(async () => {
      const entries = (await redis.xrange(deadLetterKey(prefix, 'order.placed'), '-', '+')) as [
        string,
        string[],
      ][];
      return entries.length === 1 ? entries[0]! : undefined;
    });
    const fields = Object.fromEntries(
      dead[1].flatMap((v, i, all) => (i % 2 === 0 ? [[v, all[i + 1]]] : [])),
    );
    expect(JSON.parse(fields.event!)).toMatchObject({ id: bad.id, data: { orderId: 42 } });
    expect(fields).toMatchObject({ group: 'billing', deliveries: '1' });
    expect(fields.error).toMatch(/^bad order\.placed payload: orderId/);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.err).toBeInstanceOf(MalformedMessageError);
    expect(errors[0]!.eventId).toBe(bad.id);
    await waitFor(async () => (await pendingCount()) === 0);
    expect((await metrics.deadLetters.get()).values).toEqual([
      { labels: { topic: 'order.placed', group: 'billing' }, value: 1 },
    ]);
    await checked.close();
  });

  it('refuses to consume a topic the catalog has no schema for', () => {
    expect(() =>
      bus.consume({
        topic: 'nope' as 'metrics',
        group: 'g',
        consumer: 'c',
        handler: async () => {},
      }),
    ).toThrow(/No data schema for topic nope/);
  });

  it('keeps the stream length near maxLen', async () => {
    const maxLen = 20;
    const trimmed = createEventBus({
      redis,
      prefix,
      source: 'bus-test',
      catalog: TEST_EVENTS,
      maxLen,
    });
    const [, nodeSize] = (await redis
      .config('GET', 'stream-node-max-entries')
      .catch(() => [])) as string[];
    const published = 500;
    for (let i = 0; i < published; i += 1) await trimmed.publish('metrics', { i });

    const length = await redis.xlen(streamKey(prefix, 'metrics'));
    expect(length).toBeGreaterThanOrEqual(maxLen);
    expect(length).toBeLessThanOrEqual(maxLen + Number(nodeSize ?? 100));
    expect(length).toBeLessThan(published);
  });

  it('recreates its group and keeps consuming after the stream was deleted', async () => {
    const received: EventEnvelope<Order>[] = [];
    collect(received);
    await bus.publish('order.placed', { orderId: 'o-1' });
    await waitFor(() => received.length === 1);

    await redis.del(streamKey(prefix, 'order.placed'));
    await bus.publish('order.placed', { orderId: 'o-2' });

    await waitFor(() => received.length === 2);
    expect(received[1]!.data.orderId).toBe('o-2');
  });

  it('stop waits for the in-flight handler, acks it, and reads nothing more', async () => {
    let release: () => void = () => {};
    const started: string[] = [];
    const consumer = bus.consume({
      topic: 'order.placed',
      group: 'billing',
      consumer: 'c1',
      handler: (event) => {
        started.push(event.data.orderId);
        return new Promise((resolve) => (release = resolve));
      },
      ...FAST,
    });
    await bus.publish('order.placed', { orderId: 'o-1' });
    await waitFor(() => started.length === 1);

    let stopped = false;
    const stopping = consumer.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(stopped).toBe(false);
    release();
    await stopping;

    expect(await pendingCount()).toBe(0);
    await bus.publish('order.placed', { orderId: 'o-2' });
    const key = streamKey(prefix, 'order.placed');
    const next = (await redis.xreadgroup('GROUP', 'billing', 'c2', 'STREAMS', key, '>')) as [
      string,
      unknown[],
    ][];
    expect(next[0]![1]).toHaveLength(1);
    expect(started).toEqual(['o-1']);
  });
});

describe('idempotent handler', () => {
  it('runs the side effect once when the same event id is delivered twice', async () => {
    const effects: string[] = [];
    const handler = idempotent<Order>(redis, prefix, 'billing', async (event) => {
      effects.push(event.data.orderId);
    });
    bus.consume({
      topic: 'order.placed',
      group: 'billing',
      consumer: 'c1',
      handler,
      ...FAST,
    });

    await bus.publish('order.placed', { orderId: 'o-1' }, { id: 'evt-1' });
    await bus.publish('order.placed', { orderId: 'o-1' }, { id: 'evt-1' });
    await bus.publish('order.placed', { orderId: 'o-2' }, { id: 'evt-2' });

    await waitFor(() => effects.includes('o-2'));
    await waitFor(async () => (await pendingCount()) === 0);
    expect(effects).toEqual(['o-1', 'o-2']);
    expect(await redis.get(`${prefix}:processed:billing:evt-1`)).toBe('done');
  });

  it('runs again after a failed attempt and refuses while another delivery holds the lease', async () => {
    let fail = true;
    let runs = 0;
    const handler = idempotent<Order>(redis, prefix, 'billing', async () => {
      runs += 1;
      if (fail) throw new Error('boom');
    });
    const event: EventEnvelope<Order> = {
      id: 'evt-1',
      type: 'order.placed',
      occurredAt: new Date().toISOString(),
      source: 'bus-test',
      data: { orderId: 'o-1' },
    };
    const key = `${prefix}:processed:billing:evt-1`;

    await expect(handler(event)).rejects.toThrow('boom');
    expect(await redis.exists(key)).toBe(0);

    await redis.set(key, 'running', 'PX', 60_000);
    await expect(handler(event)).rejects.toThrow('being processed');
    await redis.del(key);

    fail = false;
    await handler(event);
    await handler(event);
    expect(runs).toBe(2);
    expect(await redis.ttl(key)).toBeGreaterThan(6 * 24 * 3600);
  });
});
