import {
  searchQuerySchema,
  travelTimesQuerySchema,
  usageRecordedDataSchema,
} from '@oneeta/contracts';
import type { ProviderCall } from '@oneeta/maps';
import { describe, expect, it } from 'vitest';
import { cellRequestOf } from './travel-summary.js';
import {
  cachedMetrics,
  computedMetrics,
  lookupMetrics,
  reverseUsage,
  searchUsage,
  timezoneUsage,
  travelUsage,
} from './usage.js';

const anonymous = { sessionId: 'abc2345', userId: null };

describe('usage records of the maps API', () => {
  it('search: {q, near?, limit} and {numResults, scope}, from the maps API with no job', () => {
    const query = searchQuerySchema.parse({
      q: ' Pike Place ',
      lat: '47.6',
      lon: '-122.3',
      limit: '3',
    });
    const data = searchUsage(
      anonymous,
      query,
      { numResults: 2, scope: 'nearby' },
      lookupMetrics('offline', 'search', 4),
    );
    expect(usageRecordedDataSchema.parse(data)).toEqual(data);
    expect(data).toEqual({
      event: 'search',
      origin: 'maps-api',
      sessionId: 'abc2345',
      jobId: null,
      request: { q: 'Pike Place', near: { lat: 47.6, lon: -122.3 }, limit: 3 },
      result: { numResults: 2, scope: 'nearby' },
      metrics: { providerRequests: 0, provider: 'offline', strategy: 'gazetteer', durationMs: 4 },
    });
    expect(
      searchUsage(
        anonymous,
        searchQuerySchema.parse({ q: 'x' }),
        { numResults: 0, scope: 'everywhere' },
        lookupMetrics('azure', 'search', 1),
      ).request,
    ).toEqual({ q: 'x', limit: 5 });
    expect(lookupMetrics('azure', 'search', 1, 2).providerRequests).toBe(2);
    expect(lookupMetrics('offline', 'search', 1, 2).providerRequests).toBe(0);
  });

  it('reverse: {lat, lon} and {found}; one request to Azure or Photon, none to the gazetteer', () => {
    const at = { lat: 47.6, lon: -122.3 };
    const data = reverseUsage(anonymous, at, null, lookupMetrics('azure', 'reverse', 5));
    expect(usageRecordedDataSchema.parse(data)).toEqual(data);
    expect(data).toMatchObject({
      event: 'reverse',
      request: at,
      result: { found: false },
      metrics: { providerRequests: 1, provider: 'azure', strategy: 'reverse-address-search' },
    });
    expect(lookupMetrics('osm', 'reverse', 1)).toMatchObject({
      providerRequests: 1,
      strategy: 'photon',
    });
    expect(lookupMetrics('offline', 'reverse', 1)).toMatchObject({
      providerRequests: 0,
      strategy: 'gazetteer',
    });
  });

  it('counts a Photon search as requests to the osm engine, and its time zones (geo-tz) as none', () => {
    expect(lookupMetrics('osm', 'search', 3, 2)).toEqual({
      providerRequests: 2,
      provider: 'osm',
      strategy: 'photon',
      durationMs: 3,
    });
    expect(lookupMetrics('osm', 'timezone', 1)).toMatchObject({
      providerRequests: 0,
      strategy: 'geo-tz',
    });
  });

  it('keeps the signed-in caller’s id in the request summary', () => {
    const data = timezoneUsage(
      { sessionId: 's', userId: 'u-1' },
      { lat: 1, lon: 2 },
      'Etc/GMT',
      lookupMetrics('azure', 'timezone', 9),
    );
    expect(data.request).toEqual({ lat: 1, lon: 2, userId: 'u-1' });
    expect(data.result).toEqual({ timeZoneId: 'Etc/GMT' });
    expect(data.metrics).toMatchObject({ providerRequests: 1, provider: 'azure' });
  });

  it('travel times: one origin, the destination, the time, the route options; the travel time or no route', () => {
    const request = cellRequestOf(
      travelTimesQuerySchema.parse({
        olat: '1',
        olon: '2',
        dlat: '3',
        dlon: '4',
        arriveAt: '2030-01-01T10:00:00Z',
        mode: 'bicycle',
      }),
      new Date(),
    );
    const call = {
      providerRequests: 1,
      strategy: 'matrix',
      durationMs: 12,
      cells: 1,
      transactions: 1,
    } as ProviderCall;
    const data = travelUsage(anonymous, request, 321, computedMetrics('azure', call));
    expect(usageRecordedDataSchema.parse(data)).toEqual(data);
    expect(data.request).toEqual({
      origins: [{ lat: 1, lon: 2 }],
      destination: { lat: 3, lon: 4 },
      arriveAt: '2030-01-01T10:00:00.000Z',
      mode: 'bicycle',
      routeType: 'fastest',
      avoidTolls: false,
      originCount: 1,
    });
    expect(data.result).toEqual({ bestByTravelTime: { travelTimeSeconds: 321 } });
    expect(data.metrics).toEqual({
      providerRequests: 1,
      provider: 'azure',
      strategy: 'matrix',
      durationMs: 12,
      cells: 1,
      transactions: 1,
    });
    const failed = travelUsage(anonymous, request, null, cachedMetrics('azure', 2));
    expect(failed.result).toEqual({ bestByTravelTime: null });
    expect(failed.metrics).toEqual({
      providerRequests: 0,
      provider: 'azure',
      strategy: 'cache',
      durationMs: 2,
    });
  });
});
