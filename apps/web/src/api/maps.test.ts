import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './client';
import { getMapToken, getTimezone, getTravelTimes, reverseGeocode, searchPlaces } from './maps';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
const calledUrl = () => new URL(String(fetchMock.mock.calls[0]![0]), 'http://app.test');

beforeEach(() => {
  vi.stubGlobal('localStorage', {
    getItem: () => null,
    setItem: () => undefined,
    removeItem: () => undefined,
  });
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const offlineToken = {
  clientId: null,
  accessToken: null,
  provider: 'offline',
  authType: null,
  expiresAt: null,
};

describe('getMapToken', () => {
  it('asks GET /api/maps/token with the session id and parses the answer', async () => {
    fetchMock.mockResolvedValue(json(200, offlineToken));
    await expect(getMapToken('abc2345')).resolves.toEqual(offlineToken);
    expect(calledUrl().pathname).toBe('/api/maps/token');
    expect(calledUrl().searchParams.get('sessionId')).toBe('abc2345');
  });

  it('sends no sessionId when there is none', async () => {
    fetchMock.mockResolvedValue(json(200, offlineToken));
    await getMapToken();
    expect(calledUrl().search).toBe('');
  });

  it("fails with 'Token fetch failed' when the server gives no text, the network fails, or the answer is malformed", async () => {
    fetchMock.mockResolvedValueOnce(new Response('', { status: 502 }));
    await expect(getMapToken()).rejects.toMatchObject({
      message: 'Token fetch failed',
      status: 502,
    });
    fetchMock.mockRejectedValueOnce(new TypeError('network down'));
    await expect(getMapToken()).rejects.toMatchObject({ message: 'Token fetch failed', status: 0 });
    fetchMock.mockResolvedValueOnce(json(200, { provider: 'google' }));
    await expect(getMapToken()).rejects.toBeInstanceOf(ApiError);
  });
  it('accepts the MapLibre answer (a style URL and its credit) and refuses one without a valid style URL', async () => {
    const maplibre = {
      ...offlineToken,
      provider: 'maplibre',
      styleUrl: 'https://tiles.example/style.json',
      attribution: '© OpenStreetMap contributors',
    };
    fetchMock.mockResolvedValueOnce(json(200, maplibre));
    await expect(getMapToken()).resolves.toEqual(maplibre);
    fetchMock.mockResolvedValueOnce(json(200, { ...maplibre, styleUrl: undefined }));
    await expect(getMapToken()).rejects.toBeInstanceOf(ApiError);
    fetchMock.mockResolvedValueOnce(json(200, { ...maplibre, styleUrl: 'not a url' }));
    await expect(getMapToken()).rejects.toBeInstanceOf(ApiError);
  });
});

describe('searchPlaces', () => {
  const results = [
    {
      id: 'p1',
      poi: { name: 'Pike Place Market' },
      address: { freeformAddress: '85 Pike St, Seattle' },
      position: { lat: 47.6097, lon: -122.3422 },
    },
  ];

  it('sends q, lat, lon, radius 100000, limit and sessionId', async () => {
    fetchMock.mockResolvedValue(
      json(200, { results, scope: 'nearby', radiusMeters: 100_000, coverage: 'cities' }),
    );
    const answer = await searchPlaces({
      q: 'pike',
      lat: 47.6,
      lon: -122.3,
      limit: 6,
      sessionId: 's1',
    });
    expect(answer.results).toEqual(results);
    const url = calledUrl();
    expect(url.pathname).toBe('/api/maps/search');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      q: 'pike',
      lat: '47.6',
      lon: '-122.3',
      radius: '100000',
      limit: '6',
      sessionId: 's1',
    });
  });

  it('defaults to 5 results and sends lat and lon only together', async () => {
    fetchMock.mockResolvedValue(
      json(200, { results: [], scope: 'everywhere', radiusMeters: null, coverage: 'cities' }),
    );
    await searchPlaces({ q: 'pike', lat: 47.6 });
    const params = calledUrl().searchParams;
    expect(params.get('limit')).toBe('5');
    expect(params.has('lat')).toBe(false);
    expect(params.has('lon')).toBe(false);
  });

  it("fails with the server's text, else 'Search failed'", async () => {
    fetchMock.mockResolvedValueOnce(json(429, { error: 'Too many requests' }));
    await expect(searchPlaces({ q: 'x' })).rejects.toMatchObject({ message: 'Too many requests' });
    fetchMock.mockResolvedValueOnce(json(500, {}));
    await expect(searchPlaces({ q: 'x' })).rejects.toMatchObject({ message: 'Search failed' });
  });
});

describe('reverseGeocode', () => {
  const place = {
    id: 'city:5809844',
    poi: { name: 'Seattle' },
    address: { freeformAddress: 'Seattle, WA, US' },
    position: { lat: 47.60621, lon: -122.33207 },
  };

  it('asks GET /api/maps/reverse?lat&lon&sessionId → place, or null', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { place }));
    await expect(reverseGeocode(47.6, -122.3, 's1')).resolves.toEqual({ place });
    expect(calledUrl().pathname).toBe('/api/maps/reverse');
    expect(Object.fromEntries(calledUrl().searchParams)).toEqual({
      lat: '47.6',
      lon: '-122.3',
      sessionId: 's1',
    });
    fetchMock.mockResolvedValueOnce(json(200, { place: null }));
    await expect(reverseGeocode(0, -140)).resolves.toEqual({ place: null });
  });

  it("fails with 'Address lookup failed' by default, and on a malformed answer", async () => {
    fetchMock.mockResolvedValueOnce(new Response('', { status: 502 }));
    await expect(reverseGeocode(0, 0)).rejects.toMatchObject({ message: 'Address lookup failed' });
    fetchMock.mockResolvedValueOnce(json(200, { place: { id: 'x' } }));
    await expect(reverseGeocode(0, 0)).rejects.toBeInstanceOf(ApiError);
  });
});

describe('getTimezone', () => {
  it('asks GET /api/maps/timezone?lat&lon&sessionId → timeZoneId', async () => {
    fetchMock.mockResolvedValue(json(200, { timeZoneId: 'America/Los_Angeles' }));
    await expect(getTimezone(47.6, -122.3, 's1')).resolves.toEqual({
      timeZoneId: 'America/Los_Angeles',
    });
    expect(Object.fromEntries(calledUrl().searchParams)).toEqual({
      lat: '47.6',
      lon: '-122.3',
      sessionId: 's1',
    });
  });

  it("fails with 'Time zone lookup failed' by default", async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 502 }));
    await expect(getTimezone(0, 0)).rejects.toMatchObject({ message: 'Time zone lookup failed' });
  });
});

describe('getTravelTimes', () => {
  const summary = {
    earliestArrival: { arrivalTime: '2025-05-01T12:30:00.000Z' },
    departureTime: '2025-05-01T12:00:00.000Z',
    travelTimeSeconds: 1800,
    distanceMeters: 20000,
    strategy: 'estimate',
    cached: false,
  };

  it('sends the origin, destination, session, time and route options', async () => {
    fetchMock.mockResolvedValue(json(200, { summary }));
    const answer = await getTravelTimes({
      olat: 47.6,
      olon: -122.3,
      dlat: 47.7,
      dlon: -122.4,
      sessionId: 's1',
      arriveAt: '2025-05-01T13:00:00.000Z',
      travelMode: 'car',
      routeType: 'shortest',
      avoidTolls: true,
    });
    expect(answer.summary.earliestArrival.arrivalTime).toBe('2025-05-01T12:30:00.000Z');
    expect(Object.fromEntries(calledUrl().searchParams)).toEqual({
      olat: '47.6',
      olon: '-122.3',
      dlat: '47.7',
      dlon: '-122.4',
      sessionId: 's1',
      arriveAt: '2025-05-01T13:00:00.000Z',
      mode: 'car',
      routeType: 'shortest',
      avoidTolls: 'true',
    });
  });

  it("passes on \"Couldn't calculate route.\" and defaults to 'Travel time lookup failed'", async () => {
    fetchMock.mockResolvedValueOnce(
      json(422, { error: "Couldn't calculate route.", code: 'no_route' }),
    );
    await expect(getTravelTimes({ olat: 0, olon: 0, dlat: 1, dlon: 1 })).rejects.toMatchObject({
      message: "Couldn't calculate route.",
      code: 'no_route',
      status: 422,
    });
    fetchMock.mockResolvedValueOnce(new Response('', { status: 502 }));
    await expect(getTravelTimes({ olat: 0, olon: 0, dlat: 1, dlon: 1 })).rejects.toMatchObject({
      message: 'Travel time lookup failed',
    });
  });
});
