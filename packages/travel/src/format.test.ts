import { describe, expect, it } from 'vitest';
import {
  formatMiles,
  formatMinutes,
  formatWholeMinutes,
  metersToMiles,
  relativeAge,
  wholeMinutes,
} from './format.js';

describe('metersToMiles', () => {
  it('divides by 1609.344 and keeps one decimal (5000 m → 3.1, 42195 m → 26.2)', () => {
    expect(metersToMiles(5000)).toBe(3.1);
    expect(metersToMiles(42195)).toBe(26.2);
  });

  it('gives exact miles for exact multiples (1609.344 m → 1, 16093.44 m → 10)', () => {
    expect(metersToMiles(1609.344)).toBe(1);
    expect(metersToMiles(16093.44)).toBe(10);
  });

  it('rounds a half mile-tenth up (241.4016 m = 0.15 mi → 0.2; 80.4672 m = 0.05 mi → 0.1)', () => {
    expect(metersToMiles(241.4016)).toBe(0.2);
    expect(metersToMiles(80.4672)).toBe(0.1);
  });

  it('is 0 for 0 m and rejects a negative distance', () => {
    expect(metersToMiles(0)).toBe(0);
    expect(() => metersToMiles(-1)).toThrow(RangeError);
  });
});

describe('formatMiles', () => {
  it("reads '3.1 mi', '10.0 mi' and '0.0 mi'", () => {
    expect(formatMiles(5000)).toBe('3.1 mi');
    expect(formatMiles(16093.44)).toBe('10.0 mi');
    expect(formatMiles(0)).toBe('0.0 mi');
  });
});

describe('wholeMinutes', () => {
  it('rounds to the nearest minute, halves up (89 s → 1, 90 s → 2, 749 s → 12, 750 s → 13)', () => {
    expect(wholeMinutes(89)).toBe(1);
    expect(wholeMinutes(90)).toBe(2);
    expect(wholeMinutes(749)).toBe(12);
    expect(wholeMinutes(750)).toBe(13);
  });

  it('is at least 1 for any positive time (1 s → 1, 29 s → 1) and 0 for 0 s', () => {
    expect(wholeMinutes(1)).toBe(1);
    expect(wholeMinutes(29)).toBe(1);
    expect(wholeMinutes(0)).toBe(0);
  });

  it('rejects a negative or non-finite time', () => {
    expect(() => wholeMinutes(-30)).toThrow(RangeError);
    expect(() => wholeMinutes(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('formatMinutes', () => {
  it("reads '12 min' under an hour, '1 h 35 min' from an hour and '1 d 0 h 41 min' from a day (whole minutes)", () => {
    expect(formatMinutes(720)).toBe('12 min');
    expect(formatMinutes(5700)).toBe('1 h 35 min');
    expect(formatMinutes(86_340)).toBe('23 h 59 min');
    expect(formatMinutes(88_860)).toBe('1 d 0 h 41 min');
    expect(formatMinutes(3570)).toBe('1 h 0 min');
    expect(formatMinutes(3569)).toBe('59 min');
  });
});

describe('formatWholeMinutes', () => {
  it("reads minutes, hours and days alike: 2521 min late is '1 d 18 h 1 min', never '2521 min'", () => {
    expect(formatWholeMinutes(0)).toBe('0 min');
    expect(formatWholeMinutes(59)).toBe('59 min');
    expect(formatWholeMinutes(306)).toBe('5 h 6 min');
    expect(formatWholeMinutes(1440)).toBe('1 d 0 h 0 min');
    expect(formatWholeMinutes(2521)).toBe('1 d 18 h 1 min');
    expect(formatWholeMinutes(3 * 1440 + 60 + 5)).toBe('3 d 1 h 5 min');
  });

  it('refuses a negative or fractional number of minutes', () => {
    expect(() => formatWholeMinutes(-1)).toThrow(RangeError);
    expect(() => formatWholeMinutes(1.5)).toThrow(RangeError);
  });
});

describe('relativeAge', () => {
  const now = new Date('2026-11-21T12:00:00.000Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);

  it("is 'just now' under 10 s (0 s, 9.999 s) and for a time in the future", () => {
    expect(relativeAge(ago(0), now)).toBe('just now');
    expect(relativeAge(ago(9_999), now)).toBe('just now');
    expect(relativeAge(ago(-5_000), now)).toBe('just now');
  });

  it("counts seconds from 10 s to 59 s ('10s ago', '59s ago')", () => {
    expect(relativeAge(ago(10_000), now)).toBe('10s ago');
    expect(relativeAge(ago(59_999), now)).toBe('59s ago');
  });

  it("counts whole minutes under an hour ('1m ago' at 60 s, '59m ago' at 59 min 59 s)", () => {
    expect(relativeAge(ago(60_000), now)).toBe('1m ago');
    expect(relativeAge(ago(3_599_000), now)).toBe('59m ago');
  });

  it("counts whole hours under a day ('1h ago' at 60 min, '23h ago' at 23 h 59 min)", () => {
    expect(relativeAge(ago(3_600_000), now)).toBe('1h ago');
    expect(relativeAge(ago(86_340_000), now)).toBe('23h ago');
  });

  it("counts whole days from one day ('1d ago' at 24 h, '3d ago' at 3 days 5 h)", () => {
    expect(relativeAge(ago(86_400_000), now)).toBe('1d ago');
    expect(relativeAge(ago(277_200_000), now)).toBe('3d ago');
  });
});
