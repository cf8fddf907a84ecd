import { MAPS_MESSAGES } from '@oneeta/contracts';
import { describe, expect, it } from 'vitest';
import { haversineMeters } from '../src/offline/estimate.js';
import { ProviderError, type MatrixOptions } from '../src/port.js';
import { fakeOsrmTrip, startFakeOsrm } from '../src/testing/index.js';
import { places } from './factories.js';
import { useFakeOsm } from './osm-harness.js';

const lost = { lat: 47.5, lon: -121.9 }; // no route from here
const offRoad = { lat: 47.7, lon: -122.6 }; // does not snap
const h = useFakeOsm({ osrm: { unroutable: [lost], unsnappable: [offRoad] } });
const car: MatrixOptions = {
  departAt: new Date('2030-06-01T16:00:00Z'),
  mode: 'car',
  routeType: 'fastest',
  avoidTolls: false,
};

/** `n` distinct points around Seattle, 1–20 km away. */
const around = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    lat: places.seattle.lat + 0.01 + (i % 10) * 0.015,
    lon: places.seattle.lon + Math.floor(i / 10) * 0.01,
  }));

describe('osm adapter: OSRM travel times', () => {
  it('asks the route service for one origin, with the profile and coordinates as lon,lat', async () => {
    const answer = await h.osm().matrix([places.bellevue], places.seattle, car);
    const trip = fakeOsrmTrip('driving', places.bellevue, places.seattle);
    expect(answer).toEqual({
      strategy: 'directions',
      providerRequests: 1,
      cells: [
        {
          ok: true,
          travelTimeSeconds: Math.round(trip.duration),
          distanceMeters: Math.round(trip.distance),
        },
      ],
    });
    expect(h.osrm.requests[0]).toMatchObject({
      path: '/route/v1/driving/-122.2007,47.6104;-122.3321,47.6062',
      query: { overview: 'false' },
    });
    expect(h.osrm.requests[0]?.headers['user-agent']).toMatch(/^OneETA\/\S+$/);
  });

  it('asks the table service for several origins: sources, one destination, durations and distances', async () => {
    const answer = await h.osm().matrix([places.tacoma, places.bellevue], places.seattle, car);
    expect(answer.strategy).toBe('matrix');
    expect(answer.providerRequests).toBe(1);
    expect(h.osrm.requests[0]).toMatchObject({
      path: '/table/v1/driving/-122.4443,47.2529;-122.2007,47.6104;-122.3321,47.6062',
      query: { sources: '0;1', destinations: '2', annotations: 'duration,distance' },
    });
    expect(answer.cells.map((c) => c.distanceMeters)).toEqual([
      Math.round(fakeOsrmTrip('driving', places.tacoma, places.seattle).distance),
      Math.round(fakeOsrmTrip('driving', places.bellevue, places.seattle).distance),
    ]);
  });

  it('splits origins into requests of at most OSRM_MAX_TABLE_SIZE coordinates, cells aligned', async () => {
    const origins = around(25);
    const answer = await h.osm({ maxTableSize: 10 }).matrix(origins, places.seattle, car);
    // 9 origins + the destination per request: 9, 9, 7.
    expect(h.osrm.requests.map((r) => r.query.sources?.toString().split(';').length)).toEqual([
      9, 9, 7,
    ]);
    expect(answer.providerRequests).toBe(3);
    expect(answer.cells).toHaveLength(25);
    origins.forEach((origin, i) => {
      expect(answer.cells[i]?.distanceMeters).toBe(
        Math.round(fakeOsrmTrip('driving', origin, places.seattle).distance),
      );
    });
  });

  it('sends 100 origins in two requests with the default table size of 100 coordinates', async () => {
    const answer = await h.osm().matrix(around(100), places.seattle, car);
    expect(h.osrm.requests).toHaveLength(2);
    expect(answer.cells.every((c) => c.ok)).toBe(true);
  });

  it('turns a TooBig answer into a ProviderError that names the setting', async () => {
    const small = await startFakeOsrm({ maxTableSize: 5 });
    try {
      const error = await h
        .osm({ osrmUrl: small.url, maxTableSize: 20 })
        .matrix(around(12), places.seattle, car)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ProviderError);
      expect(error).toMatchObject({ status: 400, retryable: false });
      expect((error as Error).message).toMatch(
        /OSRM at http:\/\/127\.0\.0\.1:\d+ table failed: HTTP 400 \(TooBig: Too many table coordinates\)\. Set OSRM_MAX_TABLE_SIZE/,
      );
      expect(small.requests).toHaveLength(1);
    } finally {
      await small.close();
    }
  });

  it('answers a null table cell with the no-route message and keeps the others', async () => {
    const answer = await h
      .osm()
      .matrix([places.bellevue, lost, places.tacoma], places.seattle, car);
    expect(answer.cells.map((c) => c.ok)).toEqual([true, false, true]);
    expect(answer.cells[1]).toEqual({
      ok: false,
      travelTimeSeconds: null,
      distanceMeters: null,
      error: MAPS_MESSAGES.noRoute,
    });
  });

  it('answers NoRoute from the route service as a failed cell', async () => {
    const answer = await h.osm().matrix([lost], places.seattle, car);
    expect(answer).toMatchObject({
      strategy: 'directions',
      providerRequests: 1,
      cells: [{ ok: false, error: MAPS_MESSAGES.noRoute }],
    });
  });

  it('fails an origin that does not snap (NoSegment) and asks again for the others', async () => {
    const answer = await h
      .osm()
      .matrix([places.bellevue, offRoad, places.tacoma], places.seattle, car);
    expect(answer.cells.map((c) => c.ok)).toEqual([true, false, true]);
    expect(answer.providerRequests).toBe(2);
    expect(h.osrm.requests[1]?.query.sources).toBe('0;1');
  });

  it('fails every cell when the destination does not snap, without further requests', async () => {
    const answer = await h.osm({ maxTableSize: 3 }).matrix(around(4), offRoad, car);
    expect(answer.cells.map((c) => c.ok)).toEqual([false, false, false, false]);
    expect(answer.providerRequests).toBe(1);
  });

  it('throws a ProviderError for other 400 answers, with OSRM code and message', async () => {
    const error = await h
      .osm({ osrmUrl: `${h.osrm.url}/nowhere` })
      .matrix([places.bellevue], places.seattle, car)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as Error).message).toMatch(/route failed: HTTP 400 \(InvalidUrl: /);
  });

  it('retries 503 and 429 with backoff and counts every request', async () => {
    h.osrm.failNext(1, 503);
    h.osrm.failNext(1, 429, { retryAfterSeconds: 1 });
    const answer = await h
      .osm({ random: () => 0.5 })
      .matrix([places.bellevue, places.tacoma], places.seattle, car);
    expect(answer.cells.every((c) => c.ok)).toBe(true);
    expect(answer.providerRequests).toBe(3);
    expect(h.sleeps).toEqual([188, 1000]);
  });

  it('times out each attempt and throws a retryable ProviderError after the last one', async () => {
    h.osrm.delayNext(2, 1_000);
    const started = Date.now();
    const error = await h
      .osm({ timeoutMs: 150, maxAttempts: 2 })
      .matrix([places.bellevue], places.seattle, car)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: null, retryable: true });
    expect((error as Error).message).toMatch(
      /OSRM at .* route timed out after 150 ms after 2 attempt/,
    );
    expect(Date.now() - started).toBeLessThan(900);
  });

  it('excludes tolls for car trips only, and drops the exclusion where the profile has none', async () => {
    await h.osm().matrix([places.bellevue], places.seattle, { ...car, avoidTolls: true });
    expect(h.osrm.requests[0]?.query.exclude).toBe('toll');
    h.osrm.reset();
    await h
      .osm()
      .matrix([places.bellevue], places.seattle, { ...car, mode: 'walking', avoidTolls: true });
    expect(h.osrm.requests[0]?.query.exclude).toBeUndefined();
    const pinned = await startFakeOsrm({ profile: 'foot' });
    try {
      const osm = h.osm({ osrmUrl: pinned.url });
      const first = await osm.matrix([places.bellevue], places.seattle, {
        ...car,
        avoidTolls: true,
      });
      expect(first.cells[0]?.ok).toBe(true);
      expect(first.providerRequests).toBe(2); // InvalidValue, then without exclude
      await osm.matrix([places.bellevue], places.seattle, { ...car, avoidTolls: true });
      expect(pinned.requests.map((r) => r.query.exclude)).toEqual(['toll', undefined, undefined]);
    } finally {
      await pinned.close();
    }
  });

  it('sends each mode to its own OSRM server when OSRM_BICYCLE_URL / OSRM_WALKING_URL are set', async () => {
    const [bike, foot] = await Promise.all([
      startFakeOsrm({ profile: 'cycling' }),
      startFakeOsrm({ profile: 'foot' }),
    ]);
    try {
      const osm = h.osm({ osrmBicycleUrl: bike.url, osrmWalkingUrl: foot.url });
      const times: number[] = [];
      for (const mode of ['car', 'bicycle', 'walking'] as const) {
        const answer = await osm.matrix([places.bellevue], places.seattle, { ...car, mode });
        times.push(answer.cells[0]!.travelTimeSeconds!);
      }
      expect(h.osrm.requests.map((r) => r.path.split('/')[3])).toEqual(['driving']);
      expect(bike.requests.map((r) => r.path.split('/')[3])).toEqual(['cycling']);
      expect(foot.requests.map((r) => r.path.split('/')[3])).toEqual(['foot']);
      expect(times[0]).toBeLessThan(times[1]!);
      expect(times[1]).toBeLessThan(times[2]!);
    } finally {
      await Promise.all([bike.close(), foot.close()]);
    }
  });

  it('ignores the time of day: arriving and departing give the same answer', async () => {
    const osm = h.osm();
    const arriving = await osm.matrix([places.tacoma], places.seattle, {
      ...car,
      departAt: undefined,
      arriveAt: new Date('2030-06-01T08:00:00Z'),
    });
    const departing = await osm.matrix([places.tacoma], places.seattle, car);
    expect(arriving.cells).toEqual(departing.cells);
    expect(h.osrm.requests.every((r) => Object.keys(r.query).join() === 'overview')).toBe(true);
    expect(haversineMeters(places.tacoma, places.seattle)).toBeLessThan(
      arriving.cells[0]!.distanceMeters!,
    );
  });
});
