import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRouting, type RoutingHarness } from './helpers.js';

let h: RoutingHarness;
beforeAll(async () => {
  h = await startRouting();
});
afterAll(() => h.close());

describe('GET /api/maps/token without a maps account (offline)', () => {
  it('tells the web app to draw its offline map, for anonymous and signed-in callers, and is never cached', async () => {
    const offline = {
      clientId: null,
      accessToken: null,
      provider: 'offline',
      authType: null,
      expiresAt: null,
    };
    const anonymous = await h.get('/api/maps/token', { sessionId: 'tok2345' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual(offline);
    expect(anonymous.headers['cache-control']).toBe('no-store');
    const signedIn = await h.get('/api/maps/token', {}, { token: await h.token() });
    expect(signedIn.json()).toEqual(offline);
    expect(h.provider.calls.browserAuth).toBe(2);
  });

  it('records no usage (a token is not a billable maps call)', async () => {
    await h.get('/api/maps/token', { sessionId: 'tok2345' });
    expect(await h.usage()).toEqual([]);
  });

  it('rejects a malformed sessionId with 400', async () => {
    const res = await h.get('/api/maps/token', { sessionId: 'x'.repeat(65) });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toMatch(/sessionId/);
  });
});
