import { describe, expect, it } from 'vitest';
import { entryTiming, formatClock, leaveInText } from './timing';

const now = new Date('2026-07-01T18:00:00.000Z'); // 11:00 in Los Angeles
const route = {
  routeOk: true,
  travelTimeSeconds: 750, // 12.5 min → 13 min
  distanceMeters: 5000, // 3.1 mi
  departureTime: '2026-07-01T18:47:30.000Z',
  arrivalTime: '2026-07-01T19:00:00.000Z',
  updatedAt: '2026-07-01T17:59:35.000Z', // 25 s ago
};

describe('entryTiming', () => {
  it('shows travel time in whole minutes and distance in miles with one decimal', () => {
    const t = entryTiming(route, '2026-07-01T19:00:00.000Z', now);
    expect(t.travelTime).toBe('13 min');
    expect(t.distance).toBe('3.1 mi');
  });

  it('computes depart time (arrival − travel), earliest-now (now + travel) and Leave in from now', () => {
    const t = entryTiming(route, '2026-07-01T19:00:00.000Z', now);
    expect(t.departAt?.toISOString()).toBe('2026-07-01T18:47:30.000Z');
    expect(t.arriveAt?.toISOString()).toBe('2026-07-01T19:00:00.000Z');
    expect(t.earliestNow?.toISOString()).toBe('2026-07-01T18:12:30.000Z');
    expect(t.leaveInSeconds).toBe(47.5 * 60);
  });

  it('counts down as the clock ticks and goes negative when late', () => {
    const later = new Date('2026-07-01T18:50:00.000Z');
    expect(entryTiming(route, '2026-07-01T19:00:00.000Z', later).leaveInSeconds).toBe(-150);
  });

  it('reads the last update as a relative age', () => {
    expect(entryTiming(route, null, now).lastUpdate).toBe('25s ago');
    expect(
      entryTiming({ ...route, updatedAt: '2026-07-01T17:59:55.000Z' }, null, now).lastUpdate,
    ).toBe('just now');
    expect(
      entryTiming({ ...route, updatedAt: '2026-07-01T15:00:00.000Z' }, null, now).lastUpdate,
    ).toBe('3h ago');
  });

  it("falls back to the server's departure time without a session arrival time", () => {
    const t = entryTiming({ ...route, arrivalTime: null }, null, now);
    expect(t.departAt?.toISOString()).toBe('2026-07-01T18:47:30.000Z');
    expect(t.leaveInSeconds).toBe(47.5 * 60);
  });

  it('shows no travel, distance or times without a route', () => {
    const t = entryTiming({ ...route, routeOk: false }, '2026-07-01T19:00:00.000Z', now);
    expect(t).toMatchObject({
      travelTime: null,
      distance: null,
      departAt: null,
      arriveAt: null,
      earliestNow: null,
      leaveInSeconds: null,
    });
    expect(t.lastUpdate).toBe('25s ago');
  });
});

describe('leaveInText', () => {
  it('rounds up to whole minutes under an hour', () => {
    expect(leaveInText(30)).toBe('1 min');
    expect(leaveInText(60)).toBe('1 min');
    expect(leaveInText(61)).toBe('2 min');
    expect(leaveInText(47.5 * 60)).toBe('48 min');
  });

  it('reads like every other duration: hours and minutes from an hour, days from a day', () => {
    expect(leaveInText(3600)).toBe('1 h 0 min');
    expect(leaveInText(3600 + 5 * 60)).toBe('1 h 5 min');
    expect(leaveInText(2 * 86_400 + 3 * 3600 + 59)).toBe('2 d 3 h 1 min');
    expect(leaveInText(2521 * 60)).toBe('1 d 18 h 1 min');
  });

  it('is null when it is time to leave (or late)', () => {
    expect(leaveInText(0)).toBeNull();
    expect(leaveInText(-120)).toBeNull();
    expect(leaveInText(Number.NaN)).toBeNull();
  });
});

describe('formatClock', () => {
  it("shows the time alone on the same day in the destination's zone", () => {
    expect(
      formatClock(new Date('2026-07-01T19:00:00.000Z'), 'America/Los_Angeles', now, 'en-US'),
    ).toBe('12:00 PM');
    expect(formatClock(new Date('2026-07-01T19:00:00.000Z'), 'Europe/Berlin', now, 'en-US')).toBe(
      '9:00 PM',
    );
  });

  it("adds the day when it is another day in the destination's zone", () => {
    // 23:30 UTC is 16:30 the same day in Los Angeles, but 01:30 the next day in Berlin.
    const late = new Date('2026-07-01T23:30:00.000Z');
    expect(formatClock(late, 'America/Los_Angeles', now, 'en-US')).toBe('4:30 PM');
    expect(formatClock(late, 'Europe/Berlin', now, 'en-US')).toBe('Thu, Jul 2, 1:30 AM');
  });

  it('uses the browser zone for a missing or unknown zone instead of failing', () => {
    expect(() => formatClock(now, 'Not/AZone', now, 'en-US')).not.toThrow();
    expect(formatClock(now, null, now, 'en-US')).toMatch(/\d{1,2}:\d{2}\s?[AP]M/);
  });
});
