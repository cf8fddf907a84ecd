import { describe, expect, it } from 'vitest';
import { haversineMeters } from '../src/offline/estimate.js';
import { ProviderError } from '../src/port.js';
import { places } from './factories.js';
import { useFakeOsm } from './osm-harness.js';

const h = useFakeOsm();

describe('osm adapter: Photon search, nearby and reverse', () => {
  it('searches /api biased to near and restricted to the radius box, with a User-Agent', async () => {
    const results = await h
      .osm({ contact: 'https://eta.example.org' })
      .search({ query: 'Storyville', near: places.seattle, radiusMeters: 5_000, limit: 3 });
    expect(results).toEqual([
      {
        id: 'osm:N1001',
        poi: { name: 'Storyville Coffee' },
        address: { freeformAddress: '94 Pike Street, Seattle, WA 98101' },
        position: { lat: 47.6089, lon: -122.3404 },
      },
    ]);
    const [request] = h.photon.requests;
    expect(request).toMatchObject({
      path: '/api',
      query: { q: 'Storyville', limit: '8', lat: '47.6062', lon: '-122.3321' },
    });
    const [minLon, minLat, maxLon, maxLat] = String(request?.query.bbox).split(',').map(Number);
    expect(maxLat! - minLat!).toBeCloseTo(10_000 / 111_320, 3);
    expect(minLon).toBeLessThan(places.seattle.lon);
    expect(maxLon).toBeGreaterThan(places.seattle.lon);
    expect(request?.headers['user-agent']).toMatch(
      /^OneETA\/\S+ \(\+https:\/\/eta\.example\.org\)$/,
    );
  });

  it('searches everywhere without near, caps the limit, and passes the language', async () => {
    await h.osm({ photonLang: 'fr' }).search({ query: 'Paris', limit: 500 });
    expect(h.photon.requests[0]?.query).toEqual({ q: 'Paris', limit: '20', lang: 'fr' });
  });

  it('drops results outside the circle though inside its bounding box', async () => {
    const allegro = { lat: 47.6582, lon: -122.3131 }; // Café Allegro, ~5.95 km from the centre
    const radiusMeters = 5_900;
    const found = await h
      .osm()
      .search({ query: 'Caf', near: places.seattle, radiusMeters, limit: 5 });
    const [minLon, minLat, maxLon, maxLat] = String(h.photon.requests[0]?.query.bbox)
      .split(',')
      .map(Number);
    expect(allegro.lat).toBeLessThan(maxLat!);
    expect(allegro.lat).toBeGreaterThan(minLat!);
    expect(allegro.lon).toBeLessThan(maxLon!);
    expect(allegro.lon).toBeGreaterThan(minLon!);
    expect(haversineMeters(places.seattle, allegro)).toBeGreaterThan(radiusMeters);
    expect(found.map((r) => r.poi?.name)).toEqual(['Zig Zag Café']);
    const wider = await h
      .osm()
      .search({ query: 'Caf', near: places.seattle, radiusMeters: 6_500, limit: 5 });
    expect(wider.map((r) => r.poi?.name).sort()).toEqual(['Café Allegro', 'Zig Zag Café']);
  });

  it('finds places of a category with /reverse and osm_tag, nearest first; bars include pubs', async () => {
    const bars = await h
      .osm()
      .nearby({ category: 'bar', near: places.seattle, radiusMeters: 3_000, limit: 5 });
    expect(bars.map((r) => r.poi?.name)).toEqual(['Collins Pub', 'Zig Zag Café']);
    expect(h.photon.requests[0]).toMatchObject({
      path: '/reverse',
      query: {
        lat: '47.6062',
        lon: '-122.3321',
        radius: '3',
        limit: '5',
        osm_tag: ['amenity:bar', 'amenity:pub'],
      },
    });
    const stations = await h
      .osm()
      .nearby({ category: 'station', near: places.paris, radiusMeters: 5_000, limit: 5 });
    expect(stations).toEqual([
      {
        id: 'osm:N2006',
        poi: { name: 'Gare du Nord' },
        address: { freeformAddress: '112 Rue de Maubeuge, 75010 Paris' },
        position: { lat: 48.8809, lon: 2.3553 },
      },
    ]);
  });

  it('names a position with /reverse, limit 1', async () => {
    const named = await h.osm().reverse(places.paris);
    expect(named).toMatchObject({
      id: 'osm:W2008',
      address: { freeformAddress: "Place de l'Hôtel de Ville, 75004 Paris" },
    });
    expect(h.photon.requests[0]?.query).toEqual({ lat: '48.8534', lon: '2.3488', limit: '1' });
  });

  it("throws Photon's 400 message as a ProviderError, without retrying", async () => {
    const error = await h
      .osm({ photonLang: 'xx' })
      .search({ query: 'Paris', limit: 1 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ status: 400, retryable: false });
    expect((error as Error).message).toMatch(
      /Photon at .* search failed: HTTP 400 \(Language is not supported/,
    );
    expect(h.photon.requests).toHaveLength(1);
  });

  it('retries a 502, then throws a retryable ProviderError', async () => {
    h.photon.failNext(3, 502);
    const error = await h
      .osm()
      .reverse(places.paris)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, retryable: true });
    expect((error as Error).message).toMatch(/reverse failed: HTTP 502.*after 3 attempt/);
    expect(h.photon.requests).toHaveLength(3);
  });

  it('finds a city with a typo, as Photon tolerates typos', async () => {
    const [first] = await h.osm().search({ query: 'Tacomma', limit: 1 });
    expect(first).toMatchObject({
      id: 'osm:N237386',
      address: { freeformAddress: 'Tacoma, WA, United States' },
    });
    expect(first?.poi).toBeUndefined();
  });

  it('answers time zones offline, without a request', async () => {
    expect(await h.osm().timezone(places.paris)).toBe('Europe/Paris');
    expect(h.photon.requests).toHaveLength(0);
    expect(h.osrm.requests).toHaveLength(0);
  });
});
