import { travelTimesQuerySchema } from '@oneeta/contracts';
import type { ResolvedCell } from '@oneeta/maps';
import { describe, expect, it } from 'vitest';
import { cellRequestOf, travelSummary } from './travel-summary.js';

const NOW = new Date('2030-05-01T12:00:00.000Z');
const query = (extra: Record<string, string> = {}) =>
  travelTimesQuerySchema.parse({
    olat: '47.61',
    olon: '-122.33',
    dlat: '47.62',
    dlon: '-122.35',
    ...extra,
  });
const resolved = (
  travelTimeSeconds: number,
  source: ResolvedCell['source'] = 'provider',
): ResolvedCell => ({
  key: 'k',
  source,
  cell: { ok: true, travelTimeSeconds, distanceMeters: 4200 },
  strategy: 'estimate',
  provider: 'offline',
  computedAt: NOW.toISOString(),
  expiresAt: NOW.toISOString(),
});

describe('cellRequestOf', () => {
  it('departs now when neither arriveAt nor departAt is given, with the default route options', () => {
    expect(cellRequestOf(query(), NOW)).toEqual({
      origin: { lat: 47.61, lon: -122.33 },
      destination: { lat: 47.62, lon: -122.35 },
      time: { kind: 'departAt', at: NOW },
      mode: 'car',
      routeType: 'fastest',
      avoidTolls: false,
    });
  });

  it('arrives at arriveAt, or departs at departAt, with the options asked for', () => {
    const arrive = cellRequestOf(
      query({ arriveAt: '2030-05-01T18:00:00+02:00', mode: 'walking', avoidTolls: 'true' }),
      NOW,
    );
    expect(arrive.time).toEqual({ kind: 'arriveAt', at: new Date('2030-05-01T16:00:00Z') });
    expect(arrive).toMatchObject({ mode: 'walking', avoidTolls: true });
    expect(cellRequestOf(query({ departAt: '2030-05-01T13:00:00Z' }), NOW).time).toEqual({
      kind: 'departAt',
      at: new Date('2030-05-01T13:00:00Z'),
    });
  });
});

describe('travelSummary', () => {
  it('arriving: arrival is arriveAt and departure is arriveAt minus the travel time', () => {
    const request = cellRequestOf(query({ arriveAt: '2030-05-01T18:00:00Z' }), NOW);
    expect(travelSummary(request, resolved(1500))).toEqual({
      earliestArrival: { arrivalTime: '2030-05-01T18:00:00.000Z' },
      departureTime: '2030-05-01T17:35:00.000Z',
      travelTimeSeconds: 1500,
      distanceMeters: 4200,
      strategy: 'estimate',
      cached: false,
    });
  });

  it('departing: departure is departAt and arrival is departAt plus the travel time', () => {
    const request = cellRequestOf(query({ departAt: '2030-05-01T13:00:00Z' }), NOW);
    expect(travelSummary(request, resolved(600, 'cache'))).toMatchObject({
      earliestArrival: { arrivalTime: '2030-05-01T13:10:00.000Z' },
      departureTime: '2030-05-01T13:00:00.000Z',
      cached: true,
    });
  });

  it('a cell computed by another caller while this one waited also counts as cached', () => {
    expect(travelSummary(cellRequestOf(query(), NOW), resolved(60, 'peer'))?.cached).toBe(true);
  });

  it('is null for a cell without a route', () => {
    const failed: ResolvedCell = {
      ...resolved(1),
      cell: { ok: false, travelTimeSeconds: null, distanceMeters: null, error: 'no route' },
    };
    expect(travelSummary(cellRequestOf(query(), NOW), failed)).toBeNull();
  });
});
