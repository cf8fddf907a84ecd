import type { EventEnvelope } from '@oneeta/contracts';
import { describe, expect, it } from 'vitest';
import { createEventBus, streamKey } from '../src/bus.js';
import { createRedis } from '../src/redis.js';
import { eventually as waitFor } from '../src/testing.js';
import { FAST, REDIS_URL, TEST_EVENTS, useBus, type Order } from './fixtures/bus.js';

const t = useBus();

describe('event bus', () => {
  it('delivers a published event to the group handler and acks it', async () => {
    const { bus, collect, pendingCount } = t;
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
    const { bus, redis, prefix } = t;
    await bus.publish('order.placed', { orderId: 'o-1' }, { id: 'evt-1' });
    const entries = await redis.xrange(`${prefix}:stream:order.placed`, '-', '+');
    expect(entries).toHaveLength(1);
    const [, fields] = entries[0]!;
    expect(fields[0]).toBe('event');
    expect(JSON.parse(fields[1]!)).toMatchObject({ id: 'evt-1', data: { orderId: 'o-1' } });
  });

  it('stages an event on a MULTI so it is written only when the transaction commits', async () => {
    const { bus, redis, prefix } = t;
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
    const { bus, collect } = t;
    const received: EventEnvelope<Order>[] = [];
    await bus.publish('order.placed', { orderId: 'old' });
    await collect(received, { startId: '$' }).ready;
    await bus.publish('order.placed', { orderId: 'new' });

    await waitFor(() => received.length === 1);
    expect(received[0]!.data.orderId).toBe('new');
  });

  it('hands each event to one consumer of a group across two replicas, and to every group', async () => {
    const { prefix, pendingCount } = t;
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
    const { bus, redis, prefix, collect, pendingCount } = t;
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

  it('refuses to consume a topic the catalog has no schema for', () => {
    const { bus } = t;
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
    const { redis, prefix } = t;
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
    const { bus, redis, prefix, collect } = t;
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
    const { bus, redis, prefix, pendingCount } = t;
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
