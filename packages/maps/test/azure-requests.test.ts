import { describe, expect, it } from 'vitest';
import { createAzureMapsProvider } from '../src/azure/provider.js';
import { startFakeAzureMaps } from '../src/testing/index.js';
import { car, useFakeAzure } from './azure-harness.js';
import { places } from './factories.js';

const h = useFakeAzure();

describe('azure adapter: request shapes', () => {
  it('sends one synchronous Route Matrix 2025-01-01 call with GeoJSON [lon, lat] MultiPoints', async () => {
    const answer = await h.azure().matrix([places.bellevue, places.tacoma], places.seattle, {
      ...car,
      avoidTolls: true,
    });
    expect(answer).toMatchObject({ strategy: 'matrix', providerRequests: 1 });
    const [request] = h.fake.requests;
    expect(request).toMatchObject({
      method: 'POST',
      path: '/route/matrix',
      query: { 'api-version': '2025-01-01' },
    });
    expect(request?.headers).toMatchObject({
      'subscription-key': h.fake.key,
      'content-type': 'application/geo+json',
    });
    expect(request?.body).toEqual({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          geometry: {
            type: 'MultiPoint',
            coordinates: [
              [places.bellevue.lon, places.bellevue.lat],
              [places.tacoma.lon, places.tacoma.lat],
            ],
          },
          properties: { pointType: 'origins' },
        },
        {
          type: 'Feature',
          geometry: { type: 'MultiPoint', coordinates: [[places.seattle.lon, places.seattle.lat]] },
          properties: { pointType: 'destinations' },
        },
      ],
      arriveAt: '2030-06-01T16:00:00.000Z',
      travelMode: 'driving',
      optimizeRoute: 'fastest',
      avoid: ['tollRoads'],
    });
  });

  it('sends departAt, and walking without avoid (Azure honours avoid only when driving)', async () => {
    const departAt = new Date('2030-06-01T15:00:00.000Z');
    await h.azure().matrix([places.bellevue, places.tacoma], places.seattle, {
      departAt,
      mode: 'walking',
      routeType: 'fastest',
      avoidTolls: true,
    });
    const body = h.fake.requests[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ departAt: '2030-06-01T15:00:00.000Z', travelMode: 'walking' });
    expect(body).not.toHaveProperty('avoid');
    expect(body).not.toHaveProperty('arriveAt');
  });

  it('uses Route Directions 2025-01-01 for a single origin', async () => {
    const answer = await h.azure().matrix([places.bellevue], places.seattle, car);
    expect(answer).toMatchObject({
      strategy: 'directions',
      providerRequests: 1,
      cells: [{ ok: true }],
    });
    const [request] = h.fake.requests;
    expect(request).toMatchObject({
      method: 'POST',
      path: '/route/directions',
      query: { 'api-version': '2025-01-01' },
    });
    expect(request?.body).toMatchObject({
      type: 'FeatureCollection',
      features: [
        {
          geometry: { type: 'Point', coordinates: [places.bellevue.lon, places.bellevue.lat] },
          properties: { pointIndex: 0, pointType: 'waypoint' },
        },
        {
          geometry: { type: 'Point', coordinates: [places.seattle.lon, places.seattle.lat] },
          properties: { pointIndex: 1, pointType: 'waypoint' },
        },
      ],
      arriveAt: '2030-06-01T16:00:00.000Z',
      travelMode: 'driving',
      optimizeRoute: 'fastestWithTraffic',
      routeOutputOptions: ['routeSummary'],
    });
  });

  it("asks Route Directions per origin for routeType 'shortest', which the sync matrix lacks", async () => {
    const answer = await h.azure().matrix([places.bellevue, places.tacoma], places.seattle, {
      ...car,
      routeType: 'shortest',
    });
    expect(answer).toMatchObject({ strategy: 'directions', providerRequests: 2 });
    expect(
      h.fake.requests.map((r) => [r.path, (r.body as { optimizeRoute: string }).optimizeRoute]),
    ).toEqual([
      ['/route/directions', 'shortest'],
      ['/route/directions', 'shortest'],
    ]);
  });

  it('routes bicycles with Route Directions 1.0 (travelMode=bicycle), one GET per origin', async () => {
    const answer = await h.azure().matrix([places.bellevue, places.tacoma], places.seattle, {
      ...car,
      mode: 'bicycle',
    });
    expect(answer).toMatchObject({ strategy: 'directions', providerRequests: 2 });
    expect(answer.cells.every((c) => c.ok)).toBe(true);
    expect(h.fake.requests[0]).toMatchObject({
      method: 'GET',
      path: '/route/directions/json',
      query: {
        'api-version': '1.0',
        query: `${places.bellevue.lat},${places.bellevue.lon}:${places.seattle.lat},${places.seattle.lon}`,
        travelMode: 'bicycle',
        routeType: 'fastest',
        arriveAt: '2030-06-01T16:00:00.000Z',
      },
    });
  });

  it('searches with Search 1.0 fuzzy and reads time zones by coordinates', async () => {
    const results = await h.azure().search({
      query: 'Seattle',
      near: places.seattle,
      radiusMeters: 25_000,
      limit: 4,
    });
    expect(results[0]?.id).toBe('city:5809844');
    expect(await h.azure().timezone(places.paris)).toBe('Europe/Paris');
    expect(h.fake.requests.map((r) => [r.path, r.query])).toEqual([
      [
        '/search/fuzzy/json',
        {
          'api-version': '1.0',
          query: 'Seattle',
          limit: '4',
          lat: String(places.seattle.lat),
          lon: String(places.seattle.lon),
          radius: '25000',
        },
      ],
      [
        '/timezone/byCoordinates/json',
        { 'api-version': '1.0', query: `${places.paris.lat},${places.paris.lon}` },
      ],
    ]);
  });

  it('writes coordinates as plain decimals, never in exponent notation', async () => {
    await h.azure().timezone({ lat: 0.0000001, lon: -122.5 });
    expect(h.fake.requests[0]?.query.query).toBe('0.0000001,-122.5');
  });

  it('reads the camel-cased timeZones[].id answer too', async () => {
    const camel = await startFakeAzureMaps({ timezoneCasing: 'camel' });
    try {
      const provider = createAzureMapsProvider({ endpoint: camel.url, key: camel.key });
      expect(await provider.timezone(places.seattle)).toBe('America/Los_Angeles');
    } finally {
      await camel.close();
    }
  });
});
