import type { EventEnvelope } from '@oneeta/contracts';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import client from 'prom-client';
import { createBusMetrics, createEventBus, streamKey } from '../src/bus.js';
import { MalformedMessageError } from '../src/catalog.js';
import { eventually as waitFor } from '../src/testing.js';
import { FAST, TEST_EVENTS, useBus, type Order } from './fixtures/bus.js';

const t = useBus();

/** A handler that fails, and entries that cannot be handled: retries, dead letters, reports. */
describe('event bus failures', () => {
  it('leaves a failed event pending, reports it, and retries it until the handler succeeds', async () => {
    const { bus, pendingCount } = t;
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
    const { redis, prefix, pendingCount, deadLetter } = t;
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

    const fields = await deadLetter('order.placed');
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
    const { bus, redis, prefix, collect, pendingCount } = t;
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
    const { redis, prefix, pendingCount, deadLetter } = t;
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
    const fields = await deadLetter('order.placed');
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
});
