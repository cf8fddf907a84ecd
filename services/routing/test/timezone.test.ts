import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nothingFound, SEATTLE } from './factories.js';
import { startRouting, type RoutingHarness } from './helpers.js';

let h: RoutingHarness;
beforeAll(async () => {
  h = await startRouting();
});
afterAll(() => h.close());

describe('GET /api/maps/timezone', () => {
  it('answers the IANA zone at a position for an anonymous caller', async () => {
    const res = await h.get('/api/maps/timezone', SEATTLE);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ timeZoneId: 'America/Los_Angeles' });
    expect((await h.get('/api/maps/timezone', { lat: 59.9139, lon: 10.7522 })).json()).toEqual({
      timeZoneId: 'Europe/Oslo',
    });
  });

  it.each([
    [{ lon: 10 }, 'lat'],
    [{ lat: 91, lon: 10 }, 'lat must be between -90 and 90'],
    [{ lat: 10, lon: -181 }, 'lon must be between -180 and 180'],
    [{ lat: 'x', lon: 10 }, 'lat must be a number'],
  ])('rejects %j with 400 and a clear error, recording nothing', async (query, message) => {
    const before = (await h.usage()).length;
    const res = await h.get('/api/maps/timezone', { ...query, sessionId: 'tz23456' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toContain(message);
    expect(await h.usage()).toHaveLength(before);
  });

  it('records one usage event per call made with a sessionId, and none without', async () => {
    const before = (await h.usage()).length;
    await h.get('/api/maps/timezone', SEATTLE);
    expect(await h.usage()).toHaveLength(before);
    await h.get('/api/maps/timezone', { ...SEATTLE, sessionId: 'tz23456' });
    const events = (await h.usage()).slice(before);
    expect(events.map((e) => e.data)).toEqual([
      {
        event: 'timezone',
        origin: 'maps-api',
        sessionId: 'tz23456',
        jobId: null,
        request: SEATTLE,
        result: { timeZoneId: 'America/Los_Angeles' },
        metrics: {
          providerRequests: 0,
          provider: 'offline',
          strategy: 'geo-tz',
          durationMs: expect.any(Number),
        },
      },
    ]);
  });
});

describe('GET /api/maps/timezone where the provider knows no zone', () => {
  let empty: RoutingHarness;
  beforeAll(async () => {
    empty = await startRouting({ provider: nothingFound });
  });
  afterAll(() => empty.close());

  it('answers 404 with an error, still recording the call it made', async () => {
    const res = await empty.get('/api/maps/timezone', { lat: 0, lon: 0, sessionId: 'tz23456' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: 'No time zone is known for this position',
      code: 'no_timezone',
    });
    expect(empty.provider.calls.timezone).toBe(1);
    const events = await empty.usage();
    expect(events.map((e) => e.data.result)).toEqual([{ timeZoneId: null }]);
  });
});
