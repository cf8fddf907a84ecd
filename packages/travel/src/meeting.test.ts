import { describe, expect, it } from 'vitest';
import {
  defaultArrivalSuggestion,
  earliestArrival,
  isTooEarly,
  leaveBy,
  leaveIn,
} from './meeting.js';

const NOW = new Date('2026-11-21T18:00:00.000Z');

describe('earliestArrival', () => {
  it('is now plus the longest travel time (12 min, 25 min, 40 min → 18:40)', () => {
    expect(earliestArrival([720, 1500, 2400], NOW)?.toISOString()).toBe('2026-11-21T18:40:00.000Z');
  });

  it('skips participants without a result (null, undefined)', () => {
    expect(earliestArrival([null, 900, undefined], NOW)?.toISOString()).toBe(
      '2026-11-21T18:15:00.000Z',
    );
  });

  it('is null when nobody has a result, or there is nobody', () => {
    expect(earliestArrival([null, null], NOW)).toBeNull();
    expect(earliestArrival([], NOW)).toBeNull();
  });

  it('is now itself when everyone is already there (0 s)', () => {
    expect(earliestArrival([0, 0], NOW)?.toISOString()).toBe('2026-11-21T18:00:00.000Z');
  });

  it('keeps seconds (1 h 2 min 3 s → 19:02:03)', () => {
    expect(earliestArrival([3723], NOW)?.toISOString()).toBe('2026-11-21T19:02:03.000Z');
  });

  it('rejects a negative or non-finite travel time', () => {
    expect(() => earliestArrival([-1], NOW)).toThrow(RangeError);
    expect(() => earliestArrival([Number.NaN], NOW)).toThrow(RangeError);
  });
});

describe('leaveBy', () => {
  it('is the arrival time minus the travel time (arrive 19:00, 25 min → leave 18:35)', () => {
    expect(leaveBy(new Date('2026-11-21T19:00:00Z'), 1500).toISOString()).toBe(
      '2026-11-21T18:35:00.000Z',
    );
  });

  it('crosses midnight (arrive 00:10, 1 h 30 min → leave 22:40 the day before)', () => {
    expect(leaveBy(new Date('2026-11-22T00:10:00Z'), 5400).toISOString()).toBe(
      '2026-11-21T22:40:00.000Z',
    );
  });

  it('rejects a negative travel time', () => {
    expect(() => leaveBy(NOW, -60)).toThrow(RangeError);
  });
});

describe('leaveIn', () => {
  it('counts the seconds until the leave-by time (arrive 19:00, 25 min, now 18:00 → 2100 s)', () => {
    expect(leaveIn(new Date('2026-11-21T19:00:00Z'), 1500, NOW)).toBe(2100);
  });

  it('is zero at the leave-by time and negative when late (now 18:40 → -300 s)', () => {
    expect(leaveIn(new Date('2026-11-21T19:00:00Z'), 1500, new Date('2026-11-21T18:35:00Z'))).toBe(
      0,
    );
    expect(leaveIn(new Date('2026-11-21T19:00:00Z'), 1500, new Date('2026-11-21T18:40:00Z'))).toBe(
      -300,
    );
  });
});

describe('defaultArrivalSuggestion', () => {
  it('is the earliest arrival plus 5 minutes (18:40 → 18:45)', () => {
    expect(defaultArrivalSuggestion(new Date('2026-11-21T18:40:00Z')).toISOString()).toBe(
      '2026-11-21T18:45:00.000Z',
    );
  });

  it('rounds up to the next whole minute (18:40:01 → 18:46, 18:40:59.999 → 18:46)', () => {
    expect(defaultArrivalSuggestion(new Date('2026-11-21T18:40:01Z')).toISOString()).toBe(
      '2026-11-21T18:46:00.000Z',
    );
    expect(defaultArrivalSuggestion(new Date('2026-11-21T18:40:59.999Z')).toISOString()).toBe(
      '2026-11-21T18:46:00.000Z',
    );
  });

  it('rolls over the hour and the day (23:57:30 → 00:03 next day)', () => {
    expect(defaultArrivalSuggestion(new Date('2026-11-21T23:57:30Z')).toISOString()).toBe(
      '2026-11-22T00:03:00.000Z',
    );
  });
});

describe('isTooEarly', () => {
  const earliest = new Date('2026-11-21T18:02:30Z');

  it('is true for a minute before the earliest meeting minute (18:01)', () => {
    expect(isTooEarly(new Date('2026-11-21T18:01:00Z'), earliest)).toBe(true);
  });

  it('is false within the earliest minute and after it (18:02, 18:03)', () => {
    expect(isTooEarly(new Date('2026-11-21T18:02:00Z'), earliest)).toBe(false);
    expect(isTooEarly(new Date('2026-11-21T18:03:00Z'), earliest)).toBe(false);
  });

  it('is false when there is no earliest time yet', () => {
    expect(isTooEarly(new Date('2000-01-01T00:00:00Z'), null)).toBe(false);
  });
});
