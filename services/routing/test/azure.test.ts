import type { TravelTimesResponse } from '@oneeta/contracts';
import { startFakeAzureMaps, type FakeAzureMaps } from '@oneeta/maps/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BELLEVUE, SEATTLE } from './factories.js';
import { startRouting, type RoutingHarness } from './helpers.js';

/** The origin the fake knows no route from (the cache sends coordinates rounded to 3 decimals). */
const UNROUTABLE = { lat: 47.5, lon: -122.5 };

let fake: FakeAzureMaps;
let h: RoutingHarness;
beforeAll(async () => {
  fake = await startFakeAzureMaps({ unroutable: [UNROUTABLE] });
  // Two attempts per Azure request: one retry, so a single 500 is absorbed and two are a failure.
  // A MapLibre style is configured too: Azure Maps keeps the browser map (the token test).
  h = await startRouting({
    env: {
      ...fake.env('key'),
      MAPS_MAX_ATTEMPTS: '2',
      MAP_STYLE_URL: 'https://tiles.example/style.json',
    },
  });
});
afterAll(async () => {
  await h.close();
  await fake.close();
});
beforeEach(() => fake.reset());

const later = (hours: number) => {
  const at = new Date(Date.now() + hours * 3_600_000);
  at.setUTCMinutes(0, 0, 0);
  return at.toISOString();
};
const trip = { olat: SEATTLE.lat, olon: SEATTLE.lon, dlat: BELLEVUE.lat, dlon: BELLEVUE.lon };
const mapsRequests = () => fake.requests.filter((r) => !r.path.includes('oauth2'));

describe('the maps API on Azure Maps (a local fake speaking its wire format)', () => {
  it('token: hands the browser SDK the subscription key, a MapLibre style notwithstanding', async () => {
    const res = await h.get('/api/maps/token');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      clientId: fake.clientId,
      accessToken: fake.key,
      provider: 'azure',
      authType: 'subscriptionKey',
      expiresAt: null,
    });
  });

  it('search: asks fuzzy search near the caller within the radius and answers its results', async () => {
    const res = await h.get('/api/maps/search', {
      q: 'Tacoma',
      lat: SEATTLE.lat,
      lon: SEATTLE.lon,
      limit: 3,
      sessionId: 'azure23',
    });
    expect(res.statusCode).toBe(200);
    const { results } = res.json<{ results: Array<{ address: { freeformAddress: string } }> }>();
    expect(results[0]?.address.freeformAddress).toContain('Tacoma');
    const [sent] = mapsRequests();
    expect(sent).toMatchObject({
      path: '/search/fuzzy/json',
      query: {
        query: 'Tacoma',
        lat: String(SEATTLE.lat),
        lon: String(SEATTLE.lon),
        radius: '100000',
        limit: '3',
      },
    });
    const [event] = (await h.usage()).filter((e) => e.data.event === 'search');
    expect(event?.data.metrics).toMatchObject({
      providerRequests: 1,
      provider: 'azure',
      strategy: 'fuzzy-search',
    });
  });

  it('search: when nothing is within the radius, asks once more without it and says so', async () => {
    const res = await h.get('/api/maps/search', {
      q: 'Denver',
      lat: SEATTLE.lat,
      lon: SEATTLE.lon,
      sessionId: 'azure23',
    });
    const body = res.json<{ results: Array<{ poi?: { name: string } }> }>();
    expect(body).toMatchObject({
      scope: 'everywhere',
      radiusMeters: 100_000,
      coverage: 'addresses',
    });
    expect(body.results[0]?.poi?.name).toBe('Denver');
    expect(mapsRequests().map((r) => r.query.radius)).toEqual(['100000', undefined]);
    const events = (await h.usage()).filter(
      (e) => e.data.event === 'search' && e.data.request.q === 'Denver',
    );
    expect(events.at(-1)?.data.metrics).toMatchObject({ providerRequests: 2, provider: 'azure' });
  });

  it('reverse: asks reverse address search once, answers its address, a search transaction in usage', async () => {
    const res = await h.get('/api/maps/reverse', { ...SEATTLE, sessionId: 'azure23' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      place: {
        id: expect.stringMatching(/^reverse:/),
        address: { freeformAddress: 'Seattle, WA, US' },
        position: { lat: expect.closeTo(SEATTLE.lat, 2), lon: expect.closeTo(SEATTLE.lon, 2) },
      },
    });
    expect(mapsRequests()).toMatchObject([
      {
        path: '/search/address/reverse/json',
        query: { query: `${SEATTLE.lat},${SEATTLE.lon}` },
      },
    ]);
    const [event] = (await h.usage()).filter((e) => e.data.event === 'reverse');
    expect(event?.data.metrics).toMatchObject({
      providerRequests: 1,
      provider: 'azure',
      strategy: 'reverse-address-search',
    });
    expect((await h.get('/api/maps/reverse', { lat: 0, lon: -140 })).json()).toEqual({
      place: null,
    });
  });

  it('timezone: answers the zone Azure names', async () => {
    const res = await h.get('/api/maps/timezone', SEATTLE);
    expect(res.json()).toEqual({ timeZoneId: 'America/Los_Angeles' });
    expect(mapsRequests().map((r) => r.path)).toEqual(['/timezone/byCoordinates/json']);
  });

  it('traveltimes: computes once on Azure, then serves the cache; usage counts the Azure requests', async () => {
    const query = { ...trip, arriveAt: later(3), sessionId: 'azure23' };
    const first = (await h.get('/api/maps/traveltimes', query)).json<TravelTimesResponse>().summary;
    expect(first).toMatchObject({
      strategy: 'directions',
      cached: false,
      earliestArrival: { arrivalTime: query.arriveAt },
    });
    expect(Date.parse(first.departureTime)).toBe(
      Date.parse(query.arriveAt) - first.travelTimeSeconds * 1000,
    );
    const second = (await h.get('/api/maps/traveltimes', query)).json<TravelTimesResponse>()
      .summary;
    expect(second).toEqual({ ...first, cached: true });
    expect(mapsRequests()).toHaveLength(1);
    const events = (await h.usage())
      .filter((e) => e.data.event === 'travel_times')
      .map((e) => e.data.metrics);
    expect(events).toEqual([
      {
        providerRequests: 1,
        provider: 'azure',
        strategy: 'directions',
        durationMs: expect.any(Number),
        cells: 1,
        transactions: 1,
      },
      { providerRequests: 0, provider: 'azure', strategy: 'cache', durationMs: expect.any(Number) },
    ]);
  });

  it('traveltimes: no route on Azure is 422 "Couldn\'t calculate route."', async () => {
    const res = await h.get('/api/maps/traveltimes', {
      ...trip,
      olat: UNROUTABLE.lat,
      olon: UNROUTABLE.lon,
      departAt: later(2),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error: "Couldn't calculate route.", code: 'no_route' });
  });

  it('retries one 500 and answers as usual', async () => {
    fake.failNext(1, 500);
    expect((await h.get('/api/maps/search', { q: 'Seattle' })).statusCode).toBe(200);
    expect(mapsRequests()).toHaveLength(2);
  });

  it.each([
    ['/api/maps/search', { q: 'Seattle' }, 'Search failed'],
    ['/api/maps/reverse', SEATTLE, 'Address lookup failed'],
    ['/api/maps/timezone', SEATTLE, 'Time zone lookup failed'],
    ['/api/maps/traveltimes', { ...trip, departAt: later(4) }, 'Travel time lookup failed'],
  ] as const)(
    '%s: answers 502 with a clear error when Azure keeps failing, leaking no key and recording nothing',
    async (path, query, message) => {
      const before = (await h.usage()).length;
      fake.failNext(2, 500);
      const res = await h.get(path, { ...query, sessionId: 'azure23' });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ error: message, code: 'provider_failed' });
      expect(res.body).not.toContain(fake.key);
      expect(mapsRequests()).toHaveLength(2);
      expect(await h.usage()).toHaveLength(before);
    },
  );

  it('a failed traveltimes call caches nothing: the next call asks Azure again', async () => {
    const query = { ...trip, departAt: later(5) };
    fake.failNext(2, 503);
    expect((await h.get('/api/maps/traveltimes', query)).statusCode).toBe(502);
    const res = await h.get('/api/maps/traveltimes', query);
    expect(res.statusCode).toBe(200);
    expect(res.json<TravelTimesResponse>().summary.cached).toBe(false);
  });
});

describe('the maps token with Entra ID app credentials', () => {
  let entra: RoutingHarness;
  beforeAll(async () => {
    entra = await startRouting({ env: fake.env('entra') });
  });
  afterAll(() => entra.close());

  it('hands the browser SDK a short-lived Entra token and the Maps account client id', async () => {
    const body = (await entra.get('/api/maps/token')).json<Record<string, string>>();
    expect(body).toMatchObject({
      provider: 'azure',
      authType: 'aad',
      clientId: fake.clientId,
      accessToken: expect.any(String),
    });
    expect(body.accessToken).not.toBe(fake.appSecret);
    const expiresIn = Date.parse(body.expiresAt!) - Date.now();
    expect(expiresIn).toBeGreaterThan(0);
    expect(expiresIn).toBeLessThanOrEqual(3600_000);
  });

  it('answers 502 "Token fetch failed" when the token endpoint fails, leaking no secret', async () => {
    const broken = await startRouting({
      env: {
        ...fake.env('entra'),
        AZURE_MAPS_APP_SECRET: 'wrong-secret-value',
        MAPS_MAX_ATTEMPTS: '1',
      },
    });
    try {
      const res = await broken.get('/api/maps/token');
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ error: 'Token fetch failed', code: 'provider_failed' });
      expect(res.body).not.toContain('wrong-secret-value');
    } finally {
      await broken.close();
    }
  });
});
