import { describe, expect, it } from 'vitest';
import { roundCoord, timeBucket, travelCacheKey } from './cache-key.js';

const NOW = new Date('2026-11-21T22:00:00.000Z');

describe('roundCoord', () => {
  it('rounds to 3 decimals, halves away from zero (47.6125 → 47.613, -122.3325 → -122.333)', () => {
    expect(roundCoord(47.6125)).toBe(47.613);
    expect(roundCoord(-122.3325)).toBe(-122.333);
  });

  it('rounds below a half towards zero (47.61249 → 47.612, -122.33249 → -122.332)', () => {
    expect(roundCoord(47.61249)).toBe(47.612);
    expect(roundCoord(-122.33249)).toBe(-122.332);
  });

  it('rounds the 0.0005 edge away from zero and anything smaller to 0', () => {
    expect(roundCoord(0.0005)).toBe(0.001);
    expect(roundCoord(-0.0005)).toBe(-0.001);
    expect(roundCoord(0.00049)).toBe(0);
    expect(Object.is(roundCoord(-0.00049), 0)).toBe(true);
  });

  it('survives binary float error (0.5005 → 0.501, not 0.5)', () => {
    expect(roundCoord(0.5005)).toBe(0.501);
  });
});

describe('timeBucket', () => {
  it('floors to the minute 29 minutes ahead (22:29:40 → 22:29)', () => {
    expect(timeBucket(new Date('2026-11-21T22:29:40Z'), NOW).toISOString()).toBe(
      '2026-11-21T22:29:00.000Z',
    );
  });

  it('floors to 5 minutes 31 minutes ahead (22:31:40 → 22:30, 22:34:59 → 22:30)', () => {
    expect(timeBucket(new Date('2026-11-21T22:31:40Z'), NOW).toISOString()).toBe(
      '2026-11-21T22:30:00.000Z',
    );
    expect(timeBucket(new Date('2026-11-21T22:34:59Z'), NOW).toISOString()).toBe(
      '2026-11-21T22:30:00.000Z',
    );
  });

  it('uses the minute bucket at exactly 30 minutes ahead and the 5-minute bucket one second later', () => {
    const now = new Date('2026-11-21T22:02:30Z');
    expect(timeBucket(new Date('2026-11-21T22:32:30Z'), now).toISOString()).toBe(
      '2026-11-21T22:32:00.000Z',
    );
    expect(timeBucket(new Date('2026-11-21T22:32:31Z'), now).toISOString()).toBe(
      '2026-11-21T22:30:00.000Z',
    );
  });

  it('treats the past like the future: 29 minutes ago → minute, 31 minutes ago → 5 minutes', () => {
    expect(timeBucket(new Date('2026-11-21T21:31:30Z'), NOW).toISOString()).toBe(
      '2026-11-21T21:31:00.000Z',
    );
    expect(timeBucket(new Date('2026-11-21T21:28:30Z'), NOW).toISOString()).toBe(
      '2026-11-21T21:25:00.000Z',
    );
  });

  it('floors far-future times to 5 minutes (tomorrow 09:07:30 → 09:05)', () => {
    expect(timeBucket(new Date('2026-11-22T09:07:30Z'), NOW).toISOString()).toBe(
      '2026-11-22T09:05:00.000Z',
    );
  });

  it('rejects an invalid date', () => {
    expect(() => timeBucket(new Date('nope'), NOW)).toThrow(RangeError);
  });
});

describe('travelCacheKey', () => {
  const base = {
    origin: { lat: 47.6101, lon: -122.3304 },
    destination: { lat: 47.6204, lon: -122.3493 },
    at: new Date('2026-11-21T22:35:20Z'),
    kind: 'arriveAt' as const,
    now: NOW,
  };

  it('writes the documented format with the defaults car, fastest, tolls allowed', () => {
    expect(travelCacheKey(base)).toBe(
      'v1:47.610,-122.330>47.620,-122.349:arrive:2026-11-21T22:35Z:car:fastest:tolls',
    );
  });

  it('gives the same key to inputs that round to the same cell and bucket', () => {
    const other = {
      ...base,
      origin: { lat: 47.6096, lon: -122.3296 },
      destination: { lat: 47.62049, lon: -122.34851 },
      at: new Date('2026-11-21T22:39:59Z'),
    };
    expect(travelCacheKey(other)).toBe(travelCacheKey(base));
  });

  it('gives different keys across a rounding edge and across buckets', () => {
    expect(travelCacheKey({ ...base, origin: { lat: 47.6105, lon: -122.3304 } })).toBe(
      'v1:47.611,-122.330>47.620,-122.349:arrive:2026-11-21T22:35Z:car:fastest:tolls',
    );
    expect(travelCacheKey({ ...base, at: new Date('2026-11-21T22:40:00Z') })).toBe(
      'v1:47.610,-122.330>47.620,-122.349:arrive:2026-11-21T22:40Z:car:fastest:tolls',
    );
  });

  it('uses the minute bucket near now (10 minutes ahead: 22:10:45 → 22:10)', () => {
    expect(
      travelCacheKey({ ...base, at: new Date('2026-11-21T22:10:45Z'), kind: 'departAt' }),
    ).toBe('v1:47.610,-122.330>47.620,-122.349:depart:2026-11-21T22:10Z:car:fastest:tolls');
  });

  it('encodes mode, route type and toll avoidance', () => {
    expect(
      travelCacheKey({ ...base, mode: 'bicycle', routeType: 'shortest', avoidTolls: true }),
    ).toBe('v1:47.610,-122.330>47.620,-122.349:arrive:2026-11-21T22:35Z:bicycle:shortest:notolls');
  });

  it('writes zero and near-zero coordinates without a minus sign', () => {
    expect(
      travelCacheKey({
        ...base,
        origin: { lat: -0.0004, lon: 0 },
        destination: { lat: 0.0005, lon: -0.0005 },
      }),
    ).toBe('v1:0.000,0.000>0.001,-0.001:arrive:2026-11-21T22:35Z:car:fastest:tolls');
  });
});
