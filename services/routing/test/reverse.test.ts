import type { ReverseResponse } from '@oneeta/contracts';
import {
  fakeOsmEnv,
  startFakeOsrm,
  startFakePhoton,
  type FakeOsrm,
  type FakePhoton,
} from '@oneeta/maps/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { nothingFound, SEATTLE } from './factories.js';
import { startRouting, type RoutingHarness } from './helpers.js';

/** Open sea: no gazetteer town within 30 km. */
const PACIFIC = { lat: 0, lon: -140 };
const place = (res: { json: () => unknown }) => (res.json() as ReverseResponse).place;

describe('GET /api/maps/reverse on the offline provider', () => {
  let h: RoutingHarness;
  beforeAll(async () => {
    h = await startRouting();
  });
  afterAll(() => h.close());

  it('names the nearest gazetteer town for an anonymous caller, in the search result shape', async () => {
    const res = await h.get('/api/maps/reverse', SEATTLE);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      place: {
        id: expect.stringMatching(/^city:/),
        poi: { name: 'Seattle' },
        address: { freeformAddress: 'Seattle, WA, US' },
        position: { lat: expect.closeTo(SEATTLE.lat, 2), lon: expect.closeTo(SEATTLE.lon, 2) },
      },
    });
    expect(place(await h.get('/api/maps/reverse', { lat: 47.61, lon: -122.2 }))).toMatchObject({
      address: { freeformAddress: 'Bellevue, WA, US' },
    });
  });

  it('answers null where no town is near', async () => {
    const res = await h.get('/api/maps/reverse', PACIFIC);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ place: null });
  });

  it.each([
    [{}, 'lat must be a number'],
    [{ lat: 47.6 }, 'lon must be a number'],
    [{ lat: 91, lon: 10 }, 'lat must be between -90 and 90'],
    [{ lat: 10, lon: -181 }, 'lon must be between -180 and 180'],
    [{ lat: 'north', lon: 10 }, 'lat must be a number'],
    [{ ...SEATTLE, sessionId: 'a b' }, "sessionId may hold only letters, digits, '_' and '-'"],
  ])('rejects %j with 400 and a clear error, recording nothing', async (query, message) => {
    const before = (await h.usage()).length;
    const calls = h.provider.calls.reverse;
    const res = await h.get('/api/maps/reverse', { sessionId: 'rev2345', ...query });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toContain(message);
    expect(h.provider.calls.reverse).toBe(calls);
    expect(await h.usage()).toHaveLength(before);
  });

  it('records one usage event per call made with a sessionId, and none without', async () => {
    const before = (await h.usage()).length;
    await h.get('/api/maps/reverse', SEATTLE);
    expect(await h.usage()).toHaveLength(before);

    await h.get('/api/maps/reverse', { ...SEATTLE, sessionId: 'rev2345' });
    await h.get('/api/maps/reverse', { ...PACIFIC, sessionId: 'rev2345' });
    const events = (await h.usage()).slice(before);
    const metrics = {
      providerRequests: 0,
      provider: 'offline',
      strategy: 'gazetteer',
      durationMs: expect.any(Number),
    };
    const common = { event: 'reverse', origin: 'maps-api', sessionId: 'rev2345', jobId: null };
    expect(events.map((e) => e.data)).toEqual([
      { ...common, request: SEATTLE, result: { found: true }, metrics },
      { ...common, request: PACIFIC, result: { found: false }, metrics },
    ]);
  });

  it('takes an optional bearer: a signed-in caller’s id goes into the usage record, a bad token is 401', async () => {
    const before = (await h.usage()).length;
    const token = await h.token('user-43');
    const res = await h.get('/api/maps/reverse', { ...SEATTLE, sessionId: 'rev2345' }, { token });
    expect(res.statusCode).toBe(200);
    const [event] = (await h.usage()).slice(before);
    expect(event!.data.request).toEqual({ ...SEATTLE, userId: 'user-43' });
    expect((await h.get('/api/maps/reverse', SEATTLE, { token: 'not-a-token' })).statusCode).toBe(
      401,
    );
  });
});

describe('GET /api/maps/reverse where the provider names nothing', () => {
  let empty: RoutingHarness;
  beforeAll(async () => {
    empty = await startRouting({ provider: nothingFound });
  });
  afterAll(() => empty.close());

  it('answers { place: null } and still records the call', async () => {
    const before = (await empty.usage()).length;
    const res = await empty.get('/api/maps/reverse', { ...SEATTLE, sessionId: 'rev2345' });
    expect(res.json()).toEqual({ place: null });
    const [event] = (await empty.usage()).slice(before);
    expect(event!.data).toMatchObject({ event: 'reverse', result: { found: false } });
  });
});

describe('GET /api/maps/reverse on OpenStreetMap engines (local fakes of OSRM and Photon)', () => {
  let h: RoutingHarness;
  let osrm: FakeOsrm;
  let photon: FakePhoton;
  beforeAll(async () => {
    [osrm, photon] = await Promise.all([startFakeOsrm(), startFakePhoton()]);
    h = await startRouting({ env: fakeOsmEnv(osrm, photon, { MAPS_MAX_ATTEMPTS: '1' }) });
  });
  afterAll(async () => {
    await h.close();
    await Promise.all([osrm.close(), photon.close()]);
  });
  beforeEach(() => photon.reset());

  it('asks Photon once and answers the nearest place with its street address', async () => {
    // Pike Street, by Storyville Coffee (the fake's place nearest this point).
    const at = { lat: 47.60891, lon: -122.34041 };
    const res = await h.get('/api/maps/reverse', { ...at, sessionId: 'osm2345' });
    expect(res.statusCode).toBe(200);
    const named = place(res);
    expect(named).toMatchObject({
      poi: { name: 'Storyville Coffee' },
      address: { freeformAddress: expect.stringContaining('94 Pike Street') },
    });
    expect(photon.requests.map((r) => [r.path, r.query.lat, r.query.lon])).toEqual([
      ['/reverse', String(at.lat), String(at.lon)],
    ]);
    const [event] = (await h.usage()).filter((e) => e.data.event === 'reverse');
    expect(event!.data.metrics).toEqual({
      providerRequests: 1,
      provider: 'osm',
      strategy: 'photon',
      durationMs: expect.any(Number),
    });
  });

  it('answers null where Photon knows nothing within its radius', async () => {
    expect((await h.get('/api/maps/reverse', PACIFIC)).json()).toEqual({ place: null });
  });

  it('answers 502 "Address lookup failed" when Photon fails, recording nothing', async () => {
    const before = (await h.usage()).length;
    photon.failNext(1, 500);
    const res = await h.get('/api/maps/reverse', { ...SEATTLE, sessionId: 'osm2345' });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ error: 'Address lookup failed', code: 'provider_failed' });
    expect(res.body).not.toContain(photon.url);
    expect(await h.usage()).toHaveLength(before);
  });
});
