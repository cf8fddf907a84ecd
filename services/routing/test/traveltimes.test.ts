import type { TravelTimesResponse } from '@oneeta/contracts';
import { createTravelCache, type MapsProvider } from '@oneeta/maps';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BELLEVUE, nothingFound, SEATTLE } from './factories.js';
import { startRouting, type RoutingHarness } from './helpers.js';

let h: RoutingHarness;
beforeAll(async () => {
  h = await startRouting();
});
afterAll(() => h.close());

/** A whole hour two to three hours from now: far enough out for the 5-minute time bucket. */
const later = (hours = 2) => {
  const at = new Date(Date.now() + hours * 3_600_000);
  at.setUTCMinutes(0, 0, 0);
  return at;
};
const trip = { olat: SEATTLE.lat, olon: SEATTLE.lon, dlat: BELLEVUE.lat, dlon: BELLEVUE.lon };
const summaryOf = (body: string) => (JSON.parse(body) as TravelTimesResponse).summary;

describe('GET /api/maps/traveltimes', () => {
  it('departing at departAt: arrival is departAt plus the travel time', async () => {
    const departAt = later(2);
    const res = await h.get('/api/maps/traveltimes', { ...trip, departAt: departAt.toISOString() });
    expect(res.statusCode).toBe(200);
    const summary = summaryOf(res.body);
    expect(summary.travelTimeSeconds).toBeGreaterThan(300);
    expect(summary.distanceMeters).toBeGreaterThan(9000);
    expect(summary.departureTime).toBe(departAt.toISOString());
    expect(Date.parse(summary.earliestArrival.arrivalTime)).toBe(
      departAt.getTime() + summary.travelTimeSeconds * 1000,
    );
    expect(summary).toMatchObject({ strategy: 'estimate', cached: false });
  });

  it('arriving at arriveAt: departure is arriveAt minus the travel time', async () => {
    const arriveAt = later(3);
    const summary = summaryOf(
      (await h.get('/api/maps/traveltimes', { ...trip, arriveAt: arriveAt.toISOString() })).body,
    );
    expect(summary.earliestArrival.arrivalTime).toBe(arriveAt.toISOString());
    expect(Date.parse(summary.departureTime)).toBe(
      arriveAt.getTime() - summary.travelTimeSeconds * 1000,
    );
  });

  it('departs now when no time is given', async () => {
    const before = Date.now();
    const summary = summaryOf(
      (
        await h.get('/api/maps/traveltimes', {
          olat: 47.2529,
          olon: -122.4443,
          dlat: BELLEVUE.lat,
          dlon: BELLEVUE.lon,
        })
      ).body,
    );
    const departed = Date.parse(summary.departureTime);
    expect(departed).toBeGreaterThanOrEqual(before);
    expect(departed).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(summary.earliestArrival.arrivalTime)).toBe(
      departed + summary.travelTimeSeconds * 1000,
    );
  });

  it('serves a second identical call from the cache without asking the provider, one usage event each', async () => {
    const query = {
      ...trip,
      departAt: later(4).toISOString(),
      mode: 'bicycle',
      sessionId: 'trav234',
    };
    const calls = h.provider.calls.matrix;
    const before = (await h.usage()).length;

    const first = summaryOf((await h.get('/api/maps/traveltimes', query)).body);
    expect(first.cached).toBe(false);
    expect(h.provider.calls.matrix).toBe(calls + 1);
    const second = summaryOf((await h.get('/api/maps/traveltimes', query)).body);
    expect(h.provider.calls.matrix).toBe(calls + 1);
    expect(second).toEqual({ ...first, cached: true });

    const events = (await h.usage()).slice(before).map((e) => e.data);
    expect(events).toHaveLength(2);
    const request = {
      origins: [SEATTLE],
      destination: BELLEVUE,
      departAt: query.departAt,
      mode: 'bicycle',
      routeType: 'fastest',
      avoidTolls: false,
      originCount: 1,
    };
    expect(events[0]).toEqual({
      event: 'travel_times',
      origin: 'maps-api',
      sessionId: 'trav234',
      jobId: null,
      request,
      result: { bestByTravelTime: { travelTimeSeconds: first.travelTimeSeconds } },
      metrics: {
        providerRequests: 0,
        provider: 'offline',
        strategy: 'estimate',
        durationMs: expect.any(Number),
        cells: 1,
        transactions: 1,
      },
    });
    expect(events[1]).toEqual({
      ...events[0],
      metrics: {
        providerRequests: 0,
        provider: 'offline',
        strategy: 'cache',
        durationMs: expect.any(Number),
      },
    });
  });

  it('writes the cell where the route-matrix worker reads it (the shared travel cache)', async () => {
    const departAt = later(5);
    const summary = summaryOf(
      (await h.get('/api/maps/traveltimes', { ...trip, departAt: departAt.toISOString() })).body,
    );
    const refuses: MapsProvider = {
      ...h.provider,
      matrix: () => Promise.reject(new Error('the cell should be cached')),
    };
    const worker = createTravelCache({
      redis: h.redis,
      prefix: h.prefix,
      provider: refuses,
      ttlSeconds: 60,
    });
    const { cells } = await worker.resolve([
      {
        origin: SEATTLE,
        destination: BELLEVUE,
        time: { kind: 'departAt', at: departAt },
        mode: 'car',
        routeType: 'fastest',
        avoidTolls: false,
      },
    ]);
    expect(cells[0]).toMatchObject({
      source: 'cache',
      cell: { ok: true, travelTimeSeconds: summary.travelTimeSeconds },
    });
    const ttl = await h.redis.pttl(`${h.prefix}:travel:${cells[0]!.key}`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(h.config.TRAVEL_CACHE_TTL_SECONDS * 1000);
  });

  it('asks the provider again for different route options', async () => {
    const departAt = later(6).toISOString();
    const calls = h.provider.calls.matrix;
    await h.get('/api/maps/traveltimes', { ...trip, departAt });
    await h.get('/api/maps/traveltimes', { ...trip, departAt, avoidTolls: true });
    await h.get('/api/maps/traveltimes', { ...trip, departAt, routeType: 'shortest' });
    expect(h.provider.calls.matrix).toBe(calls + 3);
  });

  it('records nothing for a call without a sessionId', async () => {
    const before = (await h.usage()).length;
    expect(
      (await h.get('/api/maps/traveltimes', { ...trip, departAt: later(7).toISOString() }))
        .statusCode,
    ).toBe(200);
    expect(await h.usage()).toHaveLength(before);
  });

  it.each([
    [
      { ...trip, arriveAt: '2030-01-01T10:00:00Z', departAt: '2030-01-01T09:00:00Z' },
      'Give arriveAt or departAt, not both',
    ],
    [{ ...trip, arriveAt: 'tomorrow' }, 'arriveAt must be an ISO date-time'],
    [{ ...trip, mode: 'plane' }, 'mode must be car, bicycle or walking'],
    [{ ...trip, routeType: 'scenic' }, 'routeType must be fastest or shortest'],
    [{ olat: 47.6, olon: -122.3, dlat: 47.6 }, 'dlon'],
    [{ ...trip, olat: 123 }, 'olat must be between -90 and 90'],
  ])('rejects %j with 400 and a clear error, recording nothing', async (query, message) => {
    const before = (await h.usage()).length;
    const calls = h.provider.calls.matrix;
    const res = await h.get('/api/maps/traveltimes', { ...query, sessionId: 'trav234' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toContain(message);
    expect(await h.usage()).toHaveLength(before);
    expect(h.provider.calls.matrix).toBe(calls);
  });
});

describe('GET /api/maps/traveltimes without a route', () => {
  let noRoute: RoutingHarness;
  beforeAll(async () => {
    noRoute = await startRouting({ provider: nothingFound });
  });
  afterAll(() => noRoute.close());

  it('answers 422 "Couldn\'t calculate route.", caches the failed cell and records each call once', async () => {
    const query = { ...trip, departAt: later(2).toISOString(), sessionId: 'trav234' };
    for (let i = 0; i < 2; i++) {
      const res = await noRoute.get('/api/maps/traveltimes', query);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ error: "Couldn't calculate route.", code: 'no_route' });
    }
    expect(noRoute.provider.calls.matrix).toBe(1);
    const events = (await noRoute.usage()).map((e) => e.data);
    expect(events.map((e) => [e.result, e.metrics.strategy, e.metrics.providerRequests])).toEqual([
      [{ bestByTravelTime: null }, 'matrix', 1],
      [{ bestByTravelTime: null }, 'cache', 0],
    ]);
  });
});
