import { createRedis, streamKey, createEventBus } from '@oneeta/service-kit';
import { z } from 'zod';
import { deleteKeys, eventually, testRedisUrl, uniquePrefix } from '@oneeta/service-kit/testing';
import type { Redis } from 'ioredis';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MapsProvider, MatrixOptions } from '../src/port.js';
import {
  billedTransactions,
  createTravelCache,
  groupByCall,
  type CellRequest,
} from '../src/travel-cache.js';

/** A provider standing in for Azure: 60 s per 0.01° of latitude, counting every call and cell. */
function countingProvider(opts: { limit?: number; delayMs?: number; fail?: boolean } = {}) {
  const calls: { origins: number; options: MatrixOptions }[] = [];
  const provider: MapsProvider = {
    name: 'offline',
    limits: { maxCellsPerCall: opts.limit ?? 100 },
    search: async () => [],
    timezone: async () => null,
    nearby: async () => [],
    reverse: async () => null,
    browserAuth: async () => ({ provider: 'offline', clientId: null, accessToken: null }),
    async matrix(origins, destination, options) {
      calls.push({ origins: origins.length, options });
      if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
      if (opts.fail) throw new Error('provider down');
      return {
        strategy: 'matrix',
        providerRequests: 1,
        cells: origins.map((o) =>
          o.lat > 80
            ? {
                ok: false as const,
                travelTimeSeconds: null,
                distanceMeters: null,
                error: 'no route',
              }
            : {
                ok: true as const,
                travelTimeSeconds: Math.round(Math.abs(o.lat - destination.lat) * 6000),
                distanceMeters: 1000,
              },
        ),
      };
    },
  };
  return { provider, calls, cells: () => calls.reduce((n, c) => n + c.origins, 0) };
}

const NOW = new Date('2026-11-21T18:00:00Z');
const DEST = { lat: 47.62, lon: -122.35 };
const request = (lat: number, over: Partial<CellRequest> = {}): CellRequest => ({
  origin: { lat, lon: -122.3 },
  destination: DEST,
  time: { kind: 'arriveAt', at: new Date('2026-11-21T19:03:00Z') },
  mode: 'car',
  routeType: 'fastest',
  avoidTolls: false,
  ...over,
});

let redis: Redis;
let prefix: string;
beforeEach(() => {
  redis = createRedis(testRedisUrl());
  prefix = uniquePrefix('travel-cache');
});
afterEach(async () => {
  await deleteKeys(redis, prefix);
  await redis.quit();
});

const cacheWith = (provider: MapsProvider, over: { lockMs?: number } = {}) =>
  createTravelCache({
    redis,
    prefix,
    provider,
    ttlSeconds: 600,
    now: () => NOW,
    pollMs: 10,
    ...over,
  });

describe('travel cache', () => {
  it('bills Azure transactions (and counts the offline estimate the same way) but none for a self-hosted OSRM', () => {
    expect(billedTransactions('azure', 9)).toBe(3);
    expect(billedTransactions('offline', 4)).toBe(1);
    expect(billedTransactions('osm', 9)).toBe(0);
  });

  it('computes missing cells once, then answers them from the cache without the provider', async () => {
    const p = countingProvider();
    const cache = cacheWith(p.provider);
    const first = await cache.resolve([request(47.5), request(47.4)]);
    expect(first.cells.map((c) => [c.source, c.cell.travelTimeSeconds])).toEqual([
      ['provider', 720],
      ['provider', 1320],
    ]);
    expect(first.calls).toHaveLength(1);
    expect(first.calls[0]).toMatchObject({
      cells: 2,
      transactions: 1,
      providerRequests: 1,
      strategy: 'matrix',
    });

    const second = await cache.resolve([request(47.5), request(47.4), request(47.3)]);
    expect(second.cells.map((c) => c.source)).toEqual(['cache', 'cache', 'provider']);
    expect(second.calls[0]!.cells).toBe(1);
    expect(p.cells()).toBe(3);
    expect(second.cells[0]!.expiresAt).toBe(new Date(NOW.getTime() + 600_000).toISOString());
    const ttl = await redis.pttl(`${prefix}:travel:${second.cells[0]!.key}`);
    expect(ttl).toBeGreaterThan(590_000);
  });

  it('tells which requests are cached without computing or billing anything', async () => {
    const p = countingProvider();
    const cache = cacheWith(p.provider);
    await cache.resolve([request(47.5)]);
    expect(await cache.cached([request(47.4), request(47.5), request(47.50001)])).toEqual([
      false,
      true,
      true,
    ]);
    expect(p.cells()).toBe(1);
  });

  it('shares one cell between requests that round to the same key', async () => {
    const p = countingProvider();
    const { cells, calls } = await cacheWith(p.provider).resolve([
      request(47.5001),
      request(47.5004),
    ]);
    expect(cells[0]!.key).toBe(cells[1]!.key);
    expect(calls[0]!.cells).toBe(1);
    expect(p.cells()).toBe(1);
  });

  it('sends the rounded origin and the bucket time, so a cell depends on its key alone', async () => {
    const p = countingProvider();
    await cacheWith(p.provider).resolve([request(47.50049)]);
    // 19:03 is more than 30 min away: the 5-minute bucket 19:00.
    expect(p.calls[0]!.options).toMatchObject({
      arriveAt: new Date('2026-11-21T19:00:00Z'),
      mode: 'car',
    });
  });

  it('splits 130 missing cells into calls of 100 and 30', async () => {
    const p = countingProvider({ limit: 100 });
    const requests = Array.from({ length: 130 }, (_, i) => request(47 + i * 0.002));
    const { calls } = await cacheWith(p.provider).resolve(requests);
    expect(calls.map((c) => c.cells)).toEqual([100, 30]);
    expect(calls.map((c) => c.transactions)).toEqual([25, 8]);
    expect(p.calls.map((c) => c.origins)).toEqual([100, 30]);
  });

  it('keeps cells with different options or times in different calls', () => {
    const requests = [
      request(47.5),
      request(47.4, { mode: 'walking' }),
      request(47.3, { time: { kind: 'departAt', at: NOW } }),
    ];
    const cache = cacheWith(countingProvider().provider);
    const byKey = new Map(requests.map((r) => [cache.keyOf(r), r]));
    const groups = groupByCall([...byKey.keys()], byKey, NOW, 100);
    expect(groups.map((g) => [g.options.mode, 'departAt' in g.options])).toEqual([
      ['car', false],
      ['walking', false],
      ['car', true],
    ]);
  });

  it('stages the caller’s writes on the same transaction as the cells', async () => {
    const bus = createEventBus({
      redis,
      prefix,
      source: 'test',
      catalog: { 'cells.asked': z.object({ cells: z.number() }) },
    });
    const cache = cacheWith(countingProvider().provider);
    await cache.resolve([request(47.5), request(47.4)], {
      onProviderCall: (call, tx) => bus.stage(tx, 'cells.asked', { cells: call.cells }),
    });
    const entries = await redis.xrange(streamKey(prefix, 'cells.asked'), '-', '+');
    expect(entries.map(([, f]) => JSON.parse(f[1]!).data)).toEqual([{ cells: 2 }]);
  });

  it('caches a failed cell for a short time and reports it as not ok', async () => {
    const p = countingProvider();
    const cache = cacheWith(p.provider);
    const { cells } = await cache.resolve([request(85)]);
    expect(cells[0]!.cell.ok).toBe(false);
    const ttl = await redis.pttl(`${prefix}:travel:${cells[0]!.key}`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
    await cache.resolve([request(85)]);
    expect(p.cells()).toBe(1);
  });

  it('two callers racing on the same keys compute each cell once', async () => {
    const p = countingProvider({ delayMs: 100 });
    const a = cacheWith(p.provider);
    const b = cacheWith(p.provider);
    const [ra, rb] = await Promise.all([
      a.resolve([request(47.5), request(47.4)]),
      b.resolve([request(47.4), request(47.5)]),
    ]);
    expect(p.cells()).toBe(2);
    expect([...ra.cells, ...rb.cells].map((c) => c.cell.travelTimeSeconds).sort()).toEqual([
      1320, 1320, 720, 720,
    ]);
    const sources = [...ra.cells, ...rb.cells].map((c) => c.source).sort();
    expect(sources).toEqual(['peer', 'peer', 'provider', 'provider']);
  });

  it('a caller whose read missed while the holder was finishing takes the holder’s cells, not computes them', async () => {
    const p = countingProvider();
    const cache = cacheWith(p.provider);
    const key = cache.keyOf(request(47.5));
    const stored = {
      cell: { ok: true, travelTimeSeconds: 720, distanceMeters: 1000 },
      strategy: 'matrix',
      provider: 'offline',
      computedAt: NOW.toISOString(),
      expiresAt: NOW.toISOString(),
    };
    // The holder's write lands between this caller's read (a miss) and its markers (the first pipeline).
    let raced = false;
    const racing = new Proxy(redis, {
      get(target, prop, receiver) {
        if (prop === 'pipeline' && !raced) {
          raced = true;
          void target.set(`${prefix}:travel:${key}`, JSON.stringify(stored), 'PX', 60_000);
        }
        const value = Reflect.get(target, prop, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const { cells } = await createTravelCache({
      redis: racing,
      prefix,
      provider: p.provider,
      ttlSeconds: 600,
      now: () => NOW,
      pollMs: 10,
    }).resolve([request(47.5)]);
    expect(raced).toBe(true);
    expect(p.cells()).toBe(0);
    expect(cells[0]).toMatchObject({ source: 'peer', cell: { travelTimeSeconds: 720 } });
    expect(await redis.exists(`${prefix}:travel-lock:${key}`)).toBe(0);
  });

  it('renews its markers while a slow provider call runs, so a waiter never computes the same cell', async () => {
    // The call outlasts the marker's lifetime four times over; renewals every 300 ms keep it held.
    const p = countingProvider({ delayMs: 3_600 });
    const [a, b] = [cacheWith(p.provider, { lockMs: 900 }), cacheWith(p.provider, { lockMs: 900 })];
    const first = a.resolve([request(47.5)]);
    await eventually(
      async () => (await redis.exists(`${prefix}:travel-lock:${a.keyOf(request(47.5))}`)) === 1,
    );
    const [ra, rb] = await Promise.all([first, b.resolve([request(47.5)])]);
    expect(p.cells()).toBe(1);
    expect([ra.cells[0]!.source, rb.cells[0]!.source]).toEqual(['provider', 'peer']);
  });

  it('a provider failure releases the markers and writes nothing, so a retry computes the cells', async () => {
    const failing = countingProvider({ fail: true });
    await expect(cacheWith(failing.provider).resolve([request(47.5)])).rejects.toThrow(
      'provider down',
    );
    expect(await redis.keys(`${prefix}:travel*`)).toEqual([]);
    const p = countingProvider();
    const { cells } = await cacheWith(p.provider).resolve([request(47.5)]);
    expect(cells[0]!.source).toBe('provider');
  });

  it('a waiter computes the cell itself when the holder’s marker lapses without a value', async () => {
    const p = countingProvider();
    const cache = cacheWith(p.provider, { lockMs: 2_000 });
    const key = cache.keyOf(request(47.5));
    await redis.set(`${prefix}:travel-lock:${key}`, 'crashed-worker', 'PX', 150);
    const { cells } = await cache.resolve([request(47.5)]);
    expect(cells[0]!.source).toBe('provider');
    expect(p.cells()).toBe(1);
  });
});
