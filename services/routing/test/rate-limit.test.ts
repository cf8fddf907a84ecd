import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEATTLE } from './factories.js';
import { startRouting, type RoutingHarness } from './helpers.js';

let h: RoutingHarness;
beforeAll(async () => {
  h = await startRouting({
    env: {
      SEARCH_MAX_PER_IP_PER_MINUTE: '3',
      TRAVEL_TIMES_MAX_PER_IP_PER_MINUTE: '2',
      TIMEZONE_MAX_PER_IP_PER_MINUTE: '2',
      MAP_TOKEN_MAX_PER_IP_PER_MINUTE: '1',
    },
  });
});
afterAll(() => h.close());

const trip = { olat: SEATTLE.lat, olon: SEATTLE.lon, dlat: 47.61, dlon: -122.2 };

describe('per-IP rate limits of the maps API', () => {
  it.each([
    ['/api/maps/search', { q: 'Seattle' }, 3],
    ['/api/maps/reverse', SEATTLE, 3],
    ['/api/maps/traveltimes', trip, 2],
    ['/api/maps/timezone', SEATTLE, 2],
    ['/api/maps/token', {}, 1],
  ] as const)(
    '%s: the limit per minute passes, the next call is 429 with Retry-After',
    async (path, query, limit) => {
      const ip = `10.1.${limit}.${path.length}`;
      for (let i = 0; i < limit; i++)
        expect((await h.get(path, query, { ip })).statusCode).toBe(200);
      const refused = await h.get(path, query, { ip });
      expect(refused.statusCode).toBe(429);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(refused.json()).toEqual({
        error: `Too many requests. Try again in ${retryAfter}s`,
        code: 'rate_limited',
      });
      // Another client is not affected.
      expect((await h.get(path, query, { ip: '10.9.9.9' })).statusCode).toBe(200);
    },
  );

  it('counts each call family on its own, and bad input too', async () => {
    const ip = '10.2.0.1';
    for (let i = 0; i < 3; i++)
      expect((await h.get('/api/maps/search', { q: '' }, { ip })).statusCode).toBe(400);
    expect((await h.get('/api/maps/search', { q: 'Seattle' }, { ip })).statusCode).toBe(429);
    expect((await h.get('/api/maps/timezone', SEATTLE, { ip })).statusCode).toBe(200);
  });

  it('counts reverse geocoding with search', async () => {
    const ip = '10.2.0.2';
    for (let i = 0; i < 2; i++)
      expect((await h.get('/api/maps/search', { q: 'Seattle' }, { ip })).statusCode).toBe(200);
    expect((await h.get('/api/maps/reverse', SEATTLE, { ip })).statusCode).toBe(200);
    expect((await h.get('/api/maps/reverse', SEATTLE, { ip })).statusCode).toBe(429);
    expect((await h.get('/api/maps/search', { q: 'Seattle' }, { ip })).statusCode).toBe(429);
  });

  it('refuses before asking the provider or recording usage', async () => {
    const ip = '10.3.0.1';
    await h.get('/api/maps/timezone', { ...SEATTLE, sessionId: 'rl23456' }, { ip });
    await h.get('/api/maps/timezone', { ...SEATTLE, sessionId: 'rl23456' }, { ip });
    const calls = h.provider.calls.timezone;
    const recorded = (await h.usage()).length;
    expect(
      (await h.get('/api/maps/timezone', { ...SEATTLE, sessionId: 'rl23456' }, { ip })).statusCode,
    ).toBe(429);
    expect(h.provider.calls.timezone).toBe(calls);
    expect(await h.usage()).toHaveLength(recorded);
  });

  it('limits by the client IP the gateway forwards', async () => {
    const forwarded = (ip: string) =>
      h.app.inject({ method: 'GET', url: '/api/maps/token', headers: { 'x-forwarded-for': ip } });
    expect((await forwarded('203.0.113.7')).statusCode).toBe(200);
    expect((await forwarded('203.0.113.7')).statusCode).toBe(429);
    expect((await forwarded('203.0.113.8')).statusCode).toBe(200);
  });
});
