import { describe, expect, it } from 'vitest';
import { defaultArrivalSuggestion, earliestArrival, isTooEarly } from './meeting.js';
import { zoneOffsetMs, zonedParts, zonedToUtc } from './zoned.js';

const LA = 'America/Los_Angeles';
const BERLIN = 'Europe/Berlin';
const HOUR_MS = 3_600_000;

describe('zonedParts', () => {
  it('shows one instant on different clocks (2026-07-01T16:00Z: Los Angeles 09:00, Berlin 18:00)', () => {
    const instant = new Date('2026-07-01T16:00:00Z');
    expect(zonedParts(instant, LA)).toEqual({ date: '2026-07-01', time: '09:00' });
    expect(zonedParts(instant, BERLIN)).toEqual({ date: '2026-07-01', time: '18:00' });
    expect(zonedParts(instant, 'UTC')).toEqual({ date: '2026-07-01', time: '16:00' });
  });

  it('shows the zone date, which can differ from the UTC date (2026-07-02T03:00Z is 1 July 20:00 in LA)', () => {
    expect(zonedParts(new Date('2026-07-02T03:00:00Z'), LA)).toEqual({
      date: '2026-07-01',
      time: '20:00',
    });
  });

  it('drops seconds instead of rounding (18:00:59.999Z → 20:00 in Berlin)', () => {
    expect(zonedParts(new Date('2026-07-01T18:00:59.999Z'), BERLIN)).toEqual({
      date: '2026-07-01',
      time: '20:00',
    });
  });

  it('shows midnight as 00:00, not 24:00', () => {
    expect(zonedParts(new Date('2026-06-30T22:00:00Z'), BERLIN)).toEqual({
      date: '2026-07-01',
      time: '00:00',
    });
  });

  it('rejects an unknown zone id', () => {
    expect(() => zonedParts(new Date('2026-07-01T16:00:00Z'), 'Mars/Olympus_Mons')).toThrow(
      RangeError,
    );
  });
});

describe('zoneOffsetMs', () => {
  it('follows daylight saving (Berlin +1 h in January, +2 h in July; LA -8 h and -7 h)', () => {
    expect(zoneOffsetMs(new Date('2026-01-15T12:00:00Z'), BERLIN)).toBe(HOUR_MS);
    expect(zoneOffsetMs(new Date('2026-07-15T12:00:00Z'), BERLIN)).toBe(2 * HOUR_MS);
    expect(zoneOffsetMs(new Date('2026-01-15T12:00:00Z'), LA)).toBe(-8 * HOUR_MS);
    expect(zoneOffsetMs(new Date('2026-07-15T12:00:00Z'), LA)).toBe(-7 * HOUR_MS);
  });

  it('handles a zone with a 45-minute offset (Asia/Kathmandu +5:45)', () => {
    expect(zoneOffsetMs(new Date('2026-07-15T12:00:00Z'), 'Asia/Kathmandu')).toBe(345 * 60_000);
  });
});

describe('zonedToUtc', () => {
  it('reads an ordinary wall time (Berlin 2026-07-01 20:00 → 18:00Z; LA 2026-01-15 09:30 → 17:30Z)', () => {
    expect(zonedToUtc('2026-07-01', '20:00', BERLIN).toISOString()).toBe(
      '2026-07-01T18:00:00.000Z',
    );
    expect(zonedToUtc('2026-01-15', '09:30', LA).toISOString()).toBe('2026-01-15T17:30:00.000Z');
  });

  it('crosses the UTC date (LA 2026-07-01 23:50 → 2026-07-02T06:50Z)', () => {
    expect(zonedToUtc('2026-07-01', '23:50', LA).toISOString()).toBe('2026-07-02T06:50:00.000Z');
  });

  it('reads a time skipped by spring-forward with the old offset (Berlin 2026-03-29 02:30 → 01:30Z = 03:30 CEST)', () => {
    expect(zonedToUtc('2026-03-29', '02:30', BERLIN).toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
    expect(zonedToUtc('2026-03-08', '02:30', LA).toISOString()).toBe('2026-03-08T10:30:00.000Z');
  });

  it('reads a time repeated by fall-back as the earlier instant (Berlin 2026-10-25 02:30 → 00:30Z; LA 2026-11-01 01:30 → 08:30Z)', () => {
    expect(zonedToUtc('2026-10-25', '02:30', BERLIN).toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
    expect(zonedToUtc('2026-11-01', '01:30', LA).toISOString()).toBe('2026-11-01T08:30:00.000Z');
  });

  it('reads the wall times next to a transition with the right offset (Berlin 2026-03-29 01:59 CET, 03:00 CEST)', () => {
    expect(zonedToUtc('2026-03-29', '01:59', BERLIN).toISOString()).toBe(
      '2026-03-29T00:59:00.000Z',
    );
    expect(zonedToUtc('2026-03-29', '03:00', BERLIN).toISOString()).toBe(
      '2026-03-29T01:00:00.000Z',
    );
    expect(zonedToUtc('2026-10-25', '03:00', BERLIN).toISOString()).toBe(
      '2026-10-25T02:00:00.000Z',
    );
  });

  it('survives a whole skipped day (Pacific/Apia skipped 2011-12-30: 12:00 that day → 2011-12-31 12:00 local)', () => {
    const instant = zonedToUtc('2011-12-30', '12:00', 'Pacific/Apia');
    expect(instant.toISOString()).toBe('2011-12-30T22:00:00.000Z');
    expect(zonedParts(instant, 'Pacific/Apia')).toEqual({ date: '2011-12-31', time: '12:00' });
  });

  it('rejects malformed and impossible dates and times', () => {
    expect(() => zonedToUtc('2026-02-30', '10:00', BERLIN)).toThrow(RangeError);
    expect(() => zonedToUtc('2026-13-01', '10:00', BERLIN)).toThrow(RangeError);
    expect(() => zonedToUtc('2026-07-01', '24:00', BERLIN)).toThrow(RangeError);
    expect(() => zonedToUtc('2026-07-01', '10:60', BERLIN)).toThrow(RangeError);
    expect(() => zonedToUtc('1/7/2026', '10:00', BERLIN)).toThrow(RangeError);
    expect(() => zonedToUtc('2026-07-01', '9:00', BERLIN)).toThrow(RangeError);
  });
});

describe('earliest meeting across time zones', () => {
  it('meets at one instant whatever the participants’ clocks say, shown in the destination zone (Berlin)', () => {
    // 16:00Z: one participant's phone reads 09:00 (Los Angeles), the other's 18:00 (Berlin).
    const now = new Date('2026-07-01T16:00:00Z');
    expect(zonedParts(now, LA).time).toBe('09:00');
    expect(zonedParts(now, BERLIN).time).toBe('18:00');
    // Travel 45 min and 2 h: everyone can be there at 18:00Z, 20:00 at the Berlin destination.
    const earliest = earliestArrival([2700, 7200], now);
    expect(earliest?.toISOString()).toBe('2026-07-01T18:00:00.000Z');
    expect(zonedParts(earliest ?? now, BERLIN)).toEqual({ date: '2026-07-01', time: '20:00' });
    expect(zonedParts(earliest ?? now, LA)).toEqual({ date: '2026-07-01', time: '11:00' });
    // The default suggestion, 5 minutes later, reads 20:05 in Berlin.
    expect(zonedParts(defaultArrivalSuggestion(earliest ?? now), BERLIN)).toEqual({
      date: '2026-07-01',
      time: '20:05',
    });
    // Picking 20:00 in Berlin is fine; 19:59 is too early.
    expect(isTooEarly(zonedToUtc('2026-07-01', '20:00', BERLIN), earliest)).toBe(false);
    expect(isTooEarly(zonedToUtc('2026-07-01', '19:59', BERLIN), earliest)).toBe(true);
  });

  it('uses the destination date, which can be the day before the UTC and Berlin date (destination LA)', () => {
    // 06:00Z on 2 July: Berlin reads 2 July 08:00, Los Angeles still 1 July 23:00.
    const now = new Date('2026-07-02T06:00:00Z');
    const earliest = earliestArrival([600, 3000, null], now);
    expect(earliest?.toISOString()).toBe('2026-07-02T06:50:00.000Z');
    expect(zonedParts(earliest ?? now, LA)).toEqual({ date: '2026-07-01', time: '23:50' });
    expect(zonedParts(earliest ?? now, BERLIN)).toEqual({ date: '2026-07-02', time: '08:50' });
    expect(isTooEarly(zonedToUtc('2026-07-01', '23:49', LA), earliest)).toBe(true);
    expect(isTooEarly(zonedToUtc('2026-07-01', '23:50', LA), earliest)).toBe(false);
  });

  it('on a spring-forward day the destination clock jumps: a 1 h trip from 01:30 CET arrives at 03:30 CEST', () => {
    // Berlin 2026-03-29: 02:00 CET becomes 03:00 CEST at 01:00Z. LA is already on PDT (since 8 March).
    const now = new Date('2026-03-29T00:30:00Z');
    expect(zonedParts(now, BERLIN)).toEqual({ date: '2026-03-29', time: '01:30' });
    expect(zonedParts(now, LA)).toEqual({ date: '2026-03-28', time: '17:30' });
    const earliest = earliestArrival([1800, 3600], now);
    expect(earliest?.toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(zonedParts(earliest ?? now, BERLIN)).toEqual({ date: '2026-03-29', time: '03:30' });
    expect(zonedParts(defaultArrivalSuggestion(earliest ?? now), BERLIN).time).toBe('03:35');
    // 02:15 does not exist on that day; it reads as 01:15Z, before the earliest meeting time.
    expect(isTooEarly(zonedToUtc('2026-03-29', '02:15', BERLIN), earliest)).toBe(true);
    expect(isTooEarly(zonedToUtc('2026-03-29', '03:30', BERLIN), earliest)).toBe(false);
  });

  it('on a fall-back day a repeated wall time reads as its first pass, which can be too early', () => {
    // Berlin 2026-10-25: 03:00 CEST becomes 02:00 CET at 01:00Z, so 02:00–02:59 happens twice.
    const now = new Date('2026-10-25T00:00:00Z'); // 02:00 CEST
    const earliest = earliestArrival([5400], now); // 1 h 30 min → 01:30Z, the second 02:30 (CET)
    expect(earliest?.toISOString()).toBe('2026-10-25T01:30:00.000Z');
    expect(zonedParts(earliest ?? now, BERLIN)).toEqual({ date: '2026-10-25', time: '02:30' });
    // Typing 02:30 means the first 02:30 (00:30Z), an hour before everyone can be there.
    expect(isTooEarly(zonedToUtc('2026-10-25', '02:30', BERLIN), earliest)).toBe(true);
    // The suggestion is an instant, so it keeps the second pass: 01:35Z, shown as 02:35.
    const suggestion = defaultArrivalSuggestion(earliest ?? now);
    expect(suggestion.toISOString()).toBe('2026-10-25T01:35:00.000Z');
    expect(zonedParts(suggestion, BERLIN).time).toBe('02:35');
    expect(isTooEarly(suggestion, earliest)).toBe(false);
  });
});
