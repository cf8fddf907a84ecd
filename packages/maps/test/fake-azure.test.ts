/** The fake Azure Maps itself: other services' tests rely on it refusing what Azure would refuse. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeAzureMaps, type FakeAzureMaps } from '../src/testing/index.js';
import { places } from './factories.js';

let fake: FakeAzureMaps;
beforeAll(async () => {
  fake = await startFakeAzureMaps();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const lonLat = (p: { lat: number; lon: number }) => [p.lon, p.lat];
const matrixBody = (origins: number[][], extra: Record<string, unknown> = {}) => ({
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      geometry: { type: 'MultiPoint', coordinates: origins },
      properties: { pointType: 'origins' },
    },
    {
      type: 'Feature',
      geometry: { type: 'MultiPoint', coordinates: [lonLat(places.seattle)] },
      properties: { pointType: 'destinations' },
    },
  ],
  departAt: '2030-06-01T15:00:00Z',
  ...extra,
});

async function post(
  path: string,
  body: unknown,
  headers: Record<string, string> = { 'subscription-key': fake.key },
) {
  const response = await fetch(`${fake.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/geo+json', ...headers },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    headers: response.headers,
  };
}
const matrix = (body: unknown, version = '2025-01-01') =>
  post(`/route/matrix?api-version=${version}`, body);

describe('fake Azure Maps', () => {
  it('answers a valid matrix with a flat properties.matrix and records the request', async () => {
    const { status, body } = await matrix(
      matrixBody([lonLat(places.bellevue), lonLat(places.tacoma)]),
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({
      type: 'Feature',
      properties: {
        summary: { successfulCount: 2, totalCount: 2 },
        matrix: [
          {
            originIndex: 0,
            destinationIndex: 0,
            statusCode: 200,
            departureAt: '2030-06-01T15:00:00.000Z',
          },
          { originIndex: 1, destinationIndex: 0, statusCode: 200 },
        ],
      },
    });
    expect(fake.requests).toMatchObject([
      { method: 'POST', path: '/route/matrix', query: { 'api-version': '2025-01-01' } },
    ]);
  });

  it.each([
    [
      'a wrong api-version',
      () => matrix(matrixBody([lonLat(places.bellevue)]), '1.0'),
      /api-version/,
    ],
    [
      '[lat, lon] instead of [lon, lat]',
      () => matrix(matrixBody([[places.bellevue.lat, places.bellevue.lon]])),
      /coordinates/,
    ],
    [
      '101 cells',
      () => matrix(matrixBody(Array.from({ length: 101 }, () => lonLat(places.bellevue)))),
      /exceeds the synchronous limit of 100/,
    ],
    [
      'both arriveAt and departAt',
      () => matrix(matrixBody([lonLat(places.bellevue)], { arriveAt: '2030-06-01T16:00:00Z' })),
      /arriveAt/,
    ],
    [
      'an unknown field',
      () => matrix(matrixBody([lonLat(places.bellevue)], { arrivalAt: '2030-06-01T16:00:00Z' })),
      /arrivalAt/,
    ],
    [
      'travelMode bicycle',
      () => matrix(matrixBody([lonLat(places.bellevue)], { travelMode: 'bicycle' })),
      /travelMode/,
    ],
    [
      'optimizeRoute shortest',
      () => matrix(matrixBody([lonLat(places.bellevue)], { optimizeRoute: 'shortest' })),
      /fastest/,
    ],
    [
      'a missing destinations feature',
      () => matrix({ ...matrixBody([lonLat(places.bellevue)]), features: [] }),
      /features/,
    ],
  ])('refuses a matrix with %s (400, Azure error shape)', async (_name, send, message) => {
    const { status, body } = await send();
    expect(status).toBe(400);
    expect(body).toMatchObject({
      error: { code: 'BadRequest', message: expect.stringMatching(message) },
    });
  });

  it('refuses directions whose last point is a viaWaypoint, and walking with fastestWithTraffic', async () => {
    const point = (p: { lat: number; lon: number }, pointType: string) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: lonLat(p) },
      properties: { pointType },
    });
    const base = {
      type: 'FeatureCollection',
      features: [point(places.bellevue, 'waypoint'), point(places.seattle, 'viaWaypoint')],
    };
    expect((await post('/route/directions?api-version=2025-01-01', base)).status).toBe(400);
    const walking = {
      ...base,
      features: [point(places.bellevue, 'waypoint'), point(places.seattle, 'waypoint')],
      travelMode: 'walking',
      optimizeRoute: 'fastestWithTraffic',
    };
    expect((await post('/route/directions?api-version=2025-01-01', walking)).body).toMatchObject({
      error: { message: /fastestWithTraffic/ },
    });
  });

  it('refuses requests without valid auth (401) and a bearer token without x-ms-client-id', async () => {
    const noAuth = await post(
      '/route/matrix?api-version=2025-01-01',
      matrixBody([lonLat(places.bellevue)]),
      {},
    );
    expect(noAuth).toMatchObject({ status: 401, body: { error: { code: 'Unauthorized' } } });
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: fake.appId,
      client_secret: fake.appSecret,
      scope: 'https://atlas.microsoft.com/.default',
    });
    const tokenResponse = await fetch(`${fake.url}/${fake.tenantId}/oauth2/v2.0/token`, {
      method: 'POST',
      body: form,
    });
    const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
    const withoutClientId = await post(
      '/route/matrix?api-version=2025-01-01',
      matrixBody([lonLat(places.bellevue)]),
      { authorization: `Bearer ${token}` },
    );
    expect(withoutClientId.status).toBe(401);
    const withClientId = await post(
      '/route/matrix?api-version=2025-01-01',
      matrixBody([lonLat(places.bellevue)]),
      {
        authorization: `Bearer ${token}`,
        'x-ms-client-id': fake.clientId,
      },
    );
    expect(withClientId.status).toBe(200);
  });

  it('refuses token requests with a wrong secret (401 invalid_client) or scope (400 invalid_scope)', async () => {
    const token = (fields: Record<string, string>) =>
      fetch(`${fake.url}/${fake.tenantId}/oauth2/v2.0/token`, {
        method: 'POST',
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: fake.appId,
          client_secret: fake.appSecret,
          scope: 'https://atlas.microsoft.com/.default',
          ...fields,
        }),
      });
    const wrongSecret = await token({ client_secret: 'nope' });
    expect(wrongSecret.status).toBe(401);
    expect(await wrongSecret.json()).toMatchObject({ error: 'invalid_client' });
    expect((await token({ scope: 'https://graph.microsoft.com/.default' })).status).toBe(400);
  });

  it('fails the next N Maps requests on demand, with Retry-After, then recovers', async () => {
    fake.failNext(2, 429, { retryAfterSeconds: 3 });
    const first = await matrix(matrixBody([lonLat(places.bellevue)]));
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBe('3');
    expect(first.body).toMatchObject({ error: { code: 'TooManyRequests' } });
    expect((await matrix(matrixBody([lonLat(places.bellevue)]))).status).toBe(429);
    expect((await matrix(matrixBody([lonLat(places.bellevue)]))).status).toBe(200);
    expect(fake.requests).toHaveLength(3);
  });

  it('validates search and timezone queries and gives env for the adapter', async () => {
    const get = (path: string) =>
      fetch(`${fake.url}${path}`, { headers: { 'subscription-key': fake.key } });
    expect((await get('/search/fuzzy/json?api-version=1.0&query=Seattle&radius=1000')).status).toBe(
      400,
    );
    expect((await get('/search/fuzzy/json?api-version=1.0&query=')).status).toBe(400);
    expect(
      (await get('/timezone/byCoordinates/json?api-version=1.0&query=-122.3,47.6')).status,
    ).toBe(400);
    const zone = await get(
      `/timezone/byCoordinates/json?api-version=1.0&query=${places.seattle.lat},${places.seattle.lon}`,
    );
    expect(await zone.json()).toMatchObject({ TimeZones: [{ Id: 'America/Los_Angeles' }] });
    expect(fake.env()).toMatchObject({
      MAPS_PROVIDER: 'azure',
      AZURE_MAPS_ENDPOINT: fake.url,
      AZURE_MAPS_KEY: fake.key,
    });
    expect(fake.env('entra')).toMatchObject({
      AZURE_AUTHORITY_URL: fake.url,
      AZURE_MAPS_APP_SECRET: fake.appSecret,
    });
  });
});
