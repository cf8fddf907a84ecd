import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configSchema } from '../src/config.js';
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

describe('GET /api/maps/token with a MapLibre style (MAP_STYLE_URL)', () => {
  let styled: RoutingHarness;
  let credited: RoutingHarness;
  beforeAll(async () => {
    [styled, credited] = await Promise.all([
      startRouting({ env: { MAP_STYLE_URL: 'https://tiles.example/styles/streets.json?v=2' } }),
      startRouting({
        env: {
          MAP_STYLE_URL: 'http://127.0.0.1:8081/style.json',
          MAP_ATTRIBUTION: '  © OpenStreetMap contributors, © OpenMapTiles  ',
        },
      }),
    ]);
  });
  afterAll(() => Promise.all([styled.close(), credited.close()]));

  it('tells the web app to draw the style with MapLibre, crediting OpenStreetMap by default', async () => {
    const res = await styled.get('/api/maps/token', { sessionId: 'tok2345' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      clientId: null,
      accessToken: null,
      provider: 'maplibre',
      authType: null,
      expiresAt: null,
      styleUrl: 'https://tiles.example/styles/streets.json?v=2',
      attribution: '© OpenStreetMap contributors',
    });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(await styled.usage()).toEqual([]);
  });

  it('credits MAP_ATTRIBUTION (trimmed) instead', async () => {
    const body = (await credited.get('/api/maps/token')).json<Record<string, unknown>>();
    expect(body).toMatchObject({
      provider: 'maplibre',
      styleUrl: 'http://127.0.0.1:8081/style.json',
      attribution: '© OpenStreetMap contributors, © OpenMapTiles',
    });
  });

  it('refuses a style URL that is not http(s)', () => {
    for (const MAP_STYLE_URL of ['ftp://tiles.example/style.json', 'not a url']) {
      const parsed = configSchema.safeParse({ MAP_STYLE_URL });
      expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['MAP_STYLE_URL']);
    }
    expect(configSchema.parse({}).MAP_ATTRIBUTION).toBe('© OpenStreetMap contributors');
  });
});
