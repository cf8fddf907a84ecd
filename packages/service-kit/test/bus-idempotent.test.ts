import type { EventEnvelope } from '@oneeta/contracts';
import { describe, expect, it } from 'vitest';
import { idempotent } from '../src/bus.js';
import { eventually as waitFor } from '../src/testing.js';
import { FAST, useBus, type Order } from './fixtures/bus.js';

const t = useBus();

describe('idempotent handler', () => {
  it('runs the side effect once when the same event id is delivered twice', async () => {
    const { bus, redis, prefix, pendingCount } = t;
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
    const { redis, prefix } = t;
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
