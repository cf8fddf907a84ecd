import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRouting, type RoutingHarness } from './helpers.js';

let h: RoutingHarness;
beforeAll(async () => {
  h = await startRouting();
});
afterAll(() => h.close());

describe('health of the maps API', () => {
  it('is ready when Redis answers (it owns no database)', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, checks: { redis: { ok: true } } });
  });

  it('answers an unknown path with 404 and an error', async () => {
    const res = await h.get('/api/maps/route');
    expect(res.statusCode).toBe(404);
    expect(res.json<{ error: string }>().error).toBe('No route for GET /api/maps/route');
  });
});
