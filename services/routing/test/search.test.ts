import type { SearchResult } from '@oneeta/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEATTLE } from './factories.js';
import { startRouting, type RoutingHarness } from './helpers.js';

let h: RoutingHarness;
beforeAll(async () => {
  h = await startRouting();
});
afterAll(() => h.close());

const results = (body: string) => (JSON.parse(body) as { results: SearchResult[] }).results;

/** Great-circle distance in metres (the test's own, to check the service's radius). */
function metres(a: { lat: number; lon: number }, b: { lat: number; lon: number }) {
  const rad = Math.PI / 180;
  const s =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lon - a.lon) * rad) / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(s));
}

describe('GET /api/maps/search', () => {
  it('finds places for an anonymous caller, in the Azure fuzzy-search shape', async () => {
    const res = await h.get('/api/maps/search', { q: 'Seattle' });
    expect(res.statusCode).toBe(200);
    const [first] = results(res.body);
    expect(first).toMatchObject({
      id: expect.any(String),
      address: { freeformAddress: expect.stringContaining('Seattle') },
    });
    expect(first!.poi?.name).toContain('Seattle');
    expect(metres(first!.position, SEATTLE)).toBeLessThan(20_000);
  });

  it('keeps to the radius around the caller’s position and ranks the nearer place first', async () => {
    const far = results((await h.get('/api/maps/search', { q: 'Portland', limit: 10 })).body);
    expect(far.some((r) => metres(r.position, SEATTLE) > 300_000)).toBe(true);

    const near = results(
      (
        await h.get('/api/maps/search', {
          q: 'Portland',
          lat: SEATTLE.lat,
          lon: SEATTLE.lon,
          radius: 300_000,
          limit: 10,
        })
      ).body,
    );
    expect(near.length).toBeGreaterThan(0);
    for (const r of near) expect(metres(r.position, SEATTLE)).toBeLessThanOrEqual(300_000);
    expect(near[0]!.address.freeformAddress).toMatch(/Oregon|OR|US/);

    const tight = results(
      (await h.get('/api/maps/search', { q: 'Tacoma', lat: SEATTLE.lat, lon: SEATTLE.lon })).body,
    );
    expect(tight.length).toBeGreaterThan(0);
    for (const r of tight) expect(metres(r.position, SEATTLE)).toBeLessThanOrEqual(100_000);
  });

  it('says the results are nearby when something matched within the radius', async () => {
    const res = await h.get('/api/maps/search', {
      q: 'Tacoma',
      lat: SEATTLE.lat,
      lon: SEATTLE.lon,
    });
    expect(res.json()).toMatchObject({
      scope: 'nearby',
      radiusMeters: 100_000,
      coverage: 'cities',
    });
  });

  it('falls back to everywhere when nothing is near: Denver from Seattle, and records the scope', async () => {
    const before = (await h.usage()).length;
    const res = await h.get('/api/maps/search', {
      q: 'Denver',
      lat: SEATTLE.lat,
      lon: SEATTLE.lon,
      sessionId: 'srch234',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      results: SearchResult[];
      scope: string;
      radiusMeters: number | null;
      coverage: string;
    }>();
    expect(body).toMatchObject({ scope: 'everywhere', radiusMeters: 100_000, coverage: 'cities' });
    expect(body.results[0]!.address.freeformAddress).toBe('Denver, CO, US');
    expect(metres(body.results[0]!.position, { lat: 39.7392, lon: -104.9847 })).toBeLessThan(5_000);
    const [event] = (await h.usage()).slice(before);
    expect(event!.data.result).toEqual({ numResults: body.results.length, scope: 'everywhere' });

    const nowhere = await h.get('/api/maps/search', {
      q: 'Qxzvbnm',
      lat: SEATTLE.lat,
      lon: SEATTLE.lon,
    });
    expect(nowhere.json()).toEqual({
      results: [],
      scope: 'everywhere',
      radiusMeters: 100_000,
      coverage: 'cities',
    });
    const noPosition = await h.get('/api/maps/search', { q: 'Denver' });
    expect(noPosition.json()).toMatchObject({ scope: 'everywhere', radiusMeters: null });
  });

  it('answers at most `limit` results (5 by default)', async () => {
    expect(results((await h.get('/api/maps/search', { q: 'San' })).body)).toHaveLength(5);
    expect(results((await h.get('/api/maps/search', { q: 'San', limit: 2 })).body)).toHaveLength(2);
  });

  it.each([
    [{ q: '' }, 'Search query is required'],
    [{ q: '   ' }, 'Search query is required'],
    [{}, 'Search query is required'],
    [{ q: 'Seattle', lat: 47.6 }, 'lat and lon go together'],
    [{ q: 'Seattle', lat: 95, lon: 0 }, 'lat must be between -90 and 90'],
    [{ q: 'Seattle', lat: 'north', lon: 0 }, 'lat must be a number'],
    [{ q: 'Seattle', limit: 0 }, 'limit'],
  ])('rejects %j with 400 and a clear error, recording nothing', async (query, message) => {
    const before = (await h.usage()).length;
    const res = await h.get('/api/maps/search', { ...query, sessionId: 'bad-input' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toContain(message);
    expect(await h.usage()).toHaveLength(before);
  });

  it('records one usage event per call made with a sessionId, and none without', async () => {
    const before = (await h.usage()).length;
    await h.get('/api/maps/search', { q: 'Tacoma' });
    expect(await h.usage()).toHaveLength(before);

    const res = await h.get('/api/maps/search', {
      q: 'Tacoma',
      sessionId: 'srch234',
      lat: SEATTLE.lat,
      lon: SEATTLE.lon,
      limit: 3,
    });
    const numResults = results(res.body).length;
    expect(numResults).toBeGreaterThan(0);
    const events = (await h.usage()).slice(before);
    expect(events).toHaveLength(1);
    expect(events[0]!.source).toBe('routing');
    expect(events[0]!.data).toEqual({
      event: 'search',
      origin: 'maps-api',
      sessionId: 'srch234',
      jobId: null,
      request: { q: 'Tacoma', near: SEATTLE, limit: 3 },
      result: { numResults, scope: 'nearby' },
      metrics: {
        providerRequests: 0,
        provider: 'offline',
        strategy: 'gazetteer',
        durationMs: expect.any(Number),
      },
    });
  });

  it('takes an optional bearer: a signed-in caller’s id goes into the usage record, a bad token is 401', async () => {
    const before = (await h.usage()).length;
    const token = await h.token('user-42');
    expect(
      (await h.get('/api/maps/search', { q: 'Seattle', sessionId: 'srch234' }, { token }))
        .statusCode,
    ).toBe(200);
    const [event] = (await h.usage()).slice(before);
    expect(event!.data.request).toMatchObject({ q: 'Seattle', userId: 'user-42' });
    expect(
      (await h.get('/api/maps/search', { q: 'Seattle' }, { token: 'not-a-token' })).statusCode,
    ).toBe(401);
  });
});

describe('bad input on the maps calls (issue 11 fuzzer)', () => {
  it.each([
    [
      'a NUL in the query',
      '/api/maps/search?q=Seattle%00',
      'Search query must not contain control characters',
    ],
    [
      'an escape in the query',
      '/api/maps/search?q=%1BSeattle',
      'Search query must not contain control characters',
    ],
    [
      'a NUL in the session id',
      '/api/maps/search?q=Seattle&sessionId=%00',
      "sessionId may hold only letters, digits, '_' and '-'",
    ],
    [
      'a junk session id on the token call',
      '/api/maps/token?sessionId=a%20b',
      "sessionId may hold only letters, digits, '_' and '-'",
    ],
  ])('answers 400 with a sentence for %s', async (_label, url, error) => {
    const res = await h.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error });
  });
});
