import { describe, expect, it } from 'vitest';
import { liveEta, meetingPassed, minutesLate } from './late.js';

describe('liveEta and minutesLate (issue 12 item 3)', () => {
  const target = new Date('2026-07-01T22:00:00Z'); // 3:00 PM in Los Angeles

  it('moves 50 min away at 2:38 PM for a 3:00 PM meet-up: ETA 3:28 PM, 28 min late', () => {
    const eta = liveEta(50 * 60, new Date('2026-07-01T21:38:00Z'));
    expect(eta.toISOString()).toBe('2026-07-01T22:28:00.000Z');
    expect(minutesLate(eta, target)).toBe(28);
  });

  it('walking 150 min from 2:38 PM: 2 h 8 min late', () => {
    expect(minutesLate(liveEta(150 * 60, new Date('2026-07-01T21:38:00Z')), target)).toBe(128);
  });

  it('counts clock minutes, as the times are shown', () => {
    // 3:28:59 shows as 3:28 PM: 28 min late, not 29.
    expect(minutesLate(new Date('2026-07-01T22:28:59Z'), target)).toBe(28);
    // Under a minute after the target is still 3:00 PM on the clock: not late.
    expect(minutesLate(new Date('2026-07-01T22:00:40Z'), target)).toBe(0);
    expect(minutesLate(new Date('2026-07-01T21:59:00Z'), target)).toBe(0);
  });

  it('refuses a negative travel time', () => {
    expect(() => liveEta(-1, target)).toThrow(RangeError);
    expect(() => liveEta(Number.NaN, target)).toThrow(RangeError);
  });

  it('the meeting time has passed at and after the target', () => {
    expect(meetingPassed(target, new Date('2026-07-01T21:59:59Z'))).toBe(false);
    expect(meetingPassed(target, target)).toBe(true);
    expect(meetingPassed(target, new Date('2026-07-01T23:00:00Z'))).toBe(true);
  });
});
