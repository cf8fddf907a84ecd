import { describe, expect, it } from 'vitest';
import { checkMapsProvider } from '../src/check.js';
import { createMapsProvider } from '../src/providers.js';
import { parseMapsEnv } from '../src/config.js';
import { ProviderError, type MatrixOptions } from '../src/port.js';
import { fakeOsmEnv } from '../src/testing/index.js';
import { places } from './factories.js';
import { useFakeOsm } from './osm-harness.js';

const h = useFakeOsm();
const closed = 'http://127.0.0.1:9'; // nothing listens there
const car: MatrixOptions = {
  departAt: new Date('2030-06-01T16:00:00Z'),
  mode: 'car',
  routeType: 'fastest',
  avoidTolls: false,
};

describe('osm adapter: start-up check', () => {
  it('passes when OSRM (/nearest) and Photon (/api) answer', async () => {
    expect(await checkMapsProvider(h.osm())).toEqual({ warnings: [] });
    expect(h.osrm.requests.map((r) => r.path)).toEqual(['/nearest/v1/driving/0,0']);
    expect(
      h.photon.requests.map(
        (r) => `${r.path}?q=${String(r.query.q)}&limit=${String(r.query.limit)}`,
      ),
    ).toEqual(['/api?q=a&limit=1']);
  });

  it('checks every distinct OSRM server with its own profile', async () => {
    await checkMapsProvider(h.osm({ osrmWalkingUrl: `${h.osrm.url}/` }));
    expect(h.osrm.requests.map((r) => r.path).sort()).toEqual([
      '/nearest/v1/driving/0,0',
      '/nearest/v1/foot/0,0',
    ]);
  });

  it('fails with a message naming each failing URL and what it answered', async () => {
    const error = await checkMapsProvider(
      h.osm({ osrmUrl: closed, photonUrl: `${h.photon.url}/nope`, maxAttempts: 1 }),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    const message = (error as Error).message;
    expect(message).toMatch(/^The maps engines failed the start-up check \(MAPS_PROVIDER=osm\):/);
    expect(message).toContain('OSRM at http://127.0.0.1:9 nearest network error');
    expect(message).toMatch(
      /Photon at http:\/\/127\.0\.0\.1:\d+\/nope search failed: HTTP 404 \(Not found: \/nope\/api/,
    );
    expect(message).toMatch(/or set MAPS_FALLBACK=offline/);
  });

  it('fails when a server answers something that is not the engine', async () => {
    const error = await checkMapsProvider(h.osm({ osrmUrl: h.photon.url, maxAttempts: 1 })).catch(
      (e: unknown) => e,
    );
    expect((error as Error).message).toMatch(
      /OSRM at http:\/\/127\.0\.0\.1:\d+ nearest failed: HTTP 404/,
    );
  });

  it('with MAPS_FALLBACK=offline, turns failures into warnings and answers offline meanwhile', async () => {
    let clock = 1_000_000;
    const osm = h.osm({ osrmUrl: closed, fallback: 'offline', maxAttempts: 1, now: () => clock });
    const { warnings } = await checkMapsProvider(osm);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /OSRM at http:\/\/127\.0\.0\.1:9 nearest network error.*MAPS_FALLBACK=offline: car, bicycle, walking travel times are offline estimates until it answers/,
    );
    const answer = await osm.matrix([places.bellevue, places.tacoma], places.seattle, car);
    expect(answer.strategy).toBe('estimate');
    expect(answer.providerRequests).toBe(0); // skipped while marked down
    expect(answer.cells.every((c) => c.ok)).toBe(true);
    clock += 31_000; // tried again after FALLBACK_RECHECK_MS: fails, counted, estimate again
    const later = await osm.matrix([places.bellevue], places.seattle, car);
    expect(later).toMatchObject({ strategy: 'estimate', providerRequests: 1 });
    expect(h.failures).toEqual(['OSRM http://127.0.0.1:9']);
    // Photon works: search still goes to it.
    expect((await osm.search({ query: 'Seattle', limit: 1 }))[0]?.id).toBe('osm:N237385');
  });

  it('with MAPS_FALLBACK=offline, a failing Photon answers search from the gazetteer; the engine is asked again later', async () => {
    let clock = 0;
    const osm = h.osm({ fallback: 'offline', now: () => clock });
    h.photon.failNext(3, 500);
    const [city] = await osm.search({ query: 'Seattle', limit: 1 });
    expect(city?.id).toMatch(/^city:/);
    expect(h.photon.requests).toHaveLength(3);
    await osm.nearby({ category: 'cafe', near: places.seattle, radiusMeters: 5_000, limit: 1 });
    expect(h.photon.requests).toHaveLength(3); // down: not asked
    clock += 31_000;
    expect((await osm.reverse(places.seattle))?.id).toBe('osm:N237385'); // the city node, 300 m away
    expect(h.photon.requests).toHaveLength(4);
  });

  it('without a fallback, an engine failure throws', async () => {
    const error = await h
      .osm({ osrmUrl: closed, maxAttempts: 1 })
      .matrix([places.bellevue], places.seattle, car)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(h.failures).toEqual([]);
  });

  it('is reachable through createMapsProvider and the env', async () => {
    const provider = createMapsProvider(
      parseMapsEnv(
        fakeOsmEnv(h.osrm, h.photon, { MAPS_FALLBACK: 'offline', MAPS_CONTACT: 'ops@example.org' }),
      ),
    );
    expect(provider.name).toBe('osm');
    expect(await checkMapsProvider(provider)).toEqual({ warnings: [] });
    expect(h.photon.requests[0]?.headers['user-agent']).toMatch(/\(\+ops@example\.org\)$/);
    expect(await checkMapsProvider(createMapsProvider(parseMapsEnv({})))).toEqual({ warnings: [] });
  });
});
