/**
 * The provider contract: one suite every MapsProvider must pass (offline directly, azure and osm
 * against their fakes). Call inside a describe block; `provider()` is read lazily so beforeAll can
 * build it. Address wording differs by provider ('Portland, OR, US' offline, 'Portland, OR,
 * United States' from Photon), so addresses are checked by their leading name.
 */
import { searchResultSchema } from '@oneeta/contracts';
import { expect, it } from 'vitest';
import { haversineMeters } from '../src/offline/estimate.js';
import type { MapsProvider, MatrixOptions } from '../src/port.js';
import { places } from './factories.js';

const inAnHour = () => new Date(Date.now() + 3_600_000);
const car = (time: { arriveAt: Date } | { departAt: Date }): MatrixOptions => ({
  ...time,
  mode: 'car',
  routeType: 'fastest',
  avoidTolls: false,
});

export function providerContract(provider: () => MapsProvider): void {
  it('finds Seattle near Seattle, in the Azure fuzzy-search result shape', async () => {
    const results = await provider().search({
      query: 'Seattle',
      near: places.seattle,
      radiusMeters: 50_000,
      limit: 5,
    });
    expect(results.length).toBeGreaterThan(0);
    for (const result of results) expect(searchResultSchema.parse(result)).toEqual(result);
    expect(results[0]?.address.freeformAddress).toMatch(/^Seattle\b/);
    expect(haversineMeters(results[0]!.position, places.seattle)).toBeLessThan(10_000);
  });

  it('returns only places within radiusMeters of near', async () => {
    const query = { query: 'Portland', near: places.seattle, limit: 10 };
    const close = await provider().search({ ...query, radiusMeters: 50_000 });
    expect(close).toEqual([]);
    const wider = await provider().search({ ...query, radiusMeters: 300_000 });
    expect(wider.map((r) => r.address.freeformAddress)).toContainEqual(
      expect.stringMatching(/^Portland, OR\b/),
    );
    for (const result of wider)
      expect(haversineMeters(result.position, places.seattle)).toBeLessThanOrEqual(300_000);
  });

  it('returns at most limit results', async () => {
    expect(await provider().search({ query: 'San', radiusMeters: 100_000, limit: 3 })).toHaveLength(
      3,
    );
    expect(
      await provider().search({ query: 'Springfield', radiusMeters: 100_000, limit: 1 }),
    ).toHaveLength(1);
  });

  it('still finds the city with a one-letter typo', async () => {
    const results = await provider().search({
      query: 'Seatle',
      near: places.seattle,
      radiusMeters: 50_000,
      limit: 3,
    });
    expect(results[0]?.address.freeformAddress).toMatch(/^Seattle\b/);
  });

  it('gives the IANA time zone of a position', async () => {
    expect(await provider().timezone(places.seattle)).toBe('America/Los_Angeles');
    expect(await provider().timezone(places.paris)).toBe('Europe/Paris');
  });

  it('answers one aligned cell per origin, with positive times and distances; farther takes longer', async () => {
    const origins = [places.tacoma, places.bellevue, places.everett];
    const answer = await provider().matrix(origins, places.seattle, car({ departAt: inAnHour() }));
    expect(answer.cells).toHaveLength(3);
    const [tacoma, bellevue, everett] = answer.cells;
    for (const cell of answer.cells) {
      expect(cell.ok).toBe(true);
      expect(cell.travelTimeSeconds).toBeGreaterThan(0);
      expect(cell.distanceMeters).toBeGreaterThan(0);
    }
    expect(tacoma!.travelTimeSeconds!).toBeGreaterThan(bellevue!.travelTimeSeconds!);
    expect(everett!.travelTimeSeconds!).toBeGreaterThan(bellevue!.travelTimeSeconds!);
    expect(tacoma!.distanceMeters!).toBeGreaterThan(bellevue!.distanceMeters!);
    expect(['matrix', 'directions', 'estimate']).toContain(answer.strategy);
    expect(answer.providerRequests).toBeGreaterThanOrEqual(0);
  });

  it('accepts arriveAt as well as departAt, for one origin and for several', async () => {
    for (const origins of [[places.bellevue], [places.bellevue, places.tacoma]]) {
      const arriving = await provider().matrix(
        origins,
        places.seattle,
        car({ arriveAt: inAnHour() }),
      );
      const departing = await provider().matrix(
        origins,
        places.seattle,
        car({ departAt: inAnHour() }),
      );
      expect(arriving.cells.every((c) => c.ok)).toBe(true);
      expect(departing.cells.every((c) => c.ok)).toBe(true);
    }
  });

  it('takes longer on foot than by bicycle, and by bicycle than by car', async () => {
    const times: Record<string, number> = {};
    for (const mode of ['car', 'bicycle', 'walking'] as const) {
      const answer = await provider().matrix([places.bellevue], places.seattle, {
        ...car({ departAt: inAnHour() }),
        mode,
      });
      expect(answer.cells[0]?.ok).toBe(true);
      times[mode] = answer.cells[0]!.travelTimeSeconds!;
    }
    expect(times.walking).toBeGreaterThan(times.bicycle!);
    expect(times.bicycle).toBeGreaterThan(times.car!);
  });

  it('answers no cells for no origins, and refuses more origins than maxCellsPerCall', async () => {
    expect(provider().limits.maxCellsPerCall).toBe(100);
    expect(
      (await provider().matrix([], places.seattle, car({ departAt: inAnHour() }))).cells,
    ).toEqual([]);
    const tooMany = Array.from({ length: 101 }, () => places.bellevue);
    await expect(
      provider().matrix(tooMany, places.seattle, car({ departAt: inAnHour() })),
    ).rejects.toThrow(RangeError);
  });

  it('finds places of a category near a point, nearest first, within the radius', async () => {
    const results = await provider().nearby({
      category: 'cafe',
      near: places.seattle,
      radiusMeters: 20_000,
      limit: 2,
    });
    expect(results.length).toBeGreaterThan(0);
    expect(results.length).toBeLessThanOrEqual(2);
    for (const result of results) expect(searchResultSchema.parse(result)).toEqual(result);
    const distances = results.map((r) => haversineMeters(places.seattle, r.position));
    expect(distances.every((d) => d <= 20_000)).toBe(true);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    const nowhere = { lat: 0, lon: -140 }; // the middle of the Pacific
    expect(
      await provider().nearby({ category: 'park', near: nowhere, radiusMeters: 1_000, limit: 5 }),
    ).toEqual([]);
  });

  it('names a position (reverse geocoding), and nothing in the open sea', async () => {
    const named = await provider().reverse(places.seattle);
    expect(named).not.toBeNull();
    expect(searchResultSchema.parse(named)).toEqual(named);
    expect(named!.address.freeformAddress).toMatch(/Seattle/);
    expect(haversineMeters(named!.position, places.seattle)).toBeLessThan(30_000);
    expect(await provider().reverse({ lat: 0, lon: -140 })).toBeNull();
  });

  it('describes how the browser map authenticates', async () => {
    const auth = await provider().browserAuth();
    // osm draws the browser map like offline does, until the token contract has a style answer.
    expect(auth.provider).toBe(provider().name === 'osm' ? 'offline' : provider().name);
    if (auth.provider === 'offline') {
      expect(auth).toEqual({ provider: 'offline', clientId: null, accessToken: null });
    } else {
      expect(auth.accessToken.length).toBeGreaterThan(0);
      expect(['aad', 'subscriptionKey']).toContain(auth.authType);
    }
  });
}
