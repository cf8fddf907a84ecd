import { describe, expect, it } from 'vitest';
import { roundHalfAwayFromZero } from './round.js';

describe('roundHalfAwayFromZero', () => {
  it('rounds a positive half up, where toFixed would round it down (47.6125 → 47.613)', () => {
    expect(roundHalfAwayFromZero(47.6125, 3)).toBe(47.613);
  });

  it('rounds a negative half away from zero, where Math.round would go towards +∞ (-122.3325 → -122.333)', () => {
    expect(roundHalfAwayFromZero(-122.3325, 3)).toBe(-122.333);
  });

  it('is not fooled by binary multiplication error (0.5005 * 1000 = 500.49999999999994 → still 0.501)', () => {
    expect(roundHalfAwayFromZero(0.5005, 3)).toBe(0.501);
    expect(roundHalfAwayFromZero(1.005, 2)).toBe(1.01);
  });

  it('rounds the smallest half at 3 decimals (0.0005 → 0.001, -0.0005 → -0.001)', () => {
    expect(roundHalfAwayFromZero(0.0005, 3)).toBe(0.001);
    expect(roundHalfAwayFromZero(-0.0005, 3)).toBe(-0.001);
  });

  it('gives +0, never -0, for a small negative value (-0.0004 → 0)', () => {
    expect(Object.is(roundHalfAwayFromZero(-0.0004, 3), 0)).toBe(true);
  });

  it('handles numbers whose text uses exponent notation (5e-7 → 0, 1e21 → 1e21)', () => {
    expect(roundHalfAwayFromZero(5e-7, 3)).toBe(0);
    expect(roundHalfAwayFromZero(1e21, 3)).toBe(1e21);
  });

  it('rounds to whole numbers and one decimal (2.5 → 3, -2.5 → -3, 3.14 → 3.1, 3.15 → 3.2)', () => {
    expect(roundHalfAwayFromZero(2.5, 0)).toBe(3);
    expect(roundHalfAwayFromZero(-2.5, 0)).toBe(-3);
    expect(roundHalfAwayFromZero(3.14, 1)).toBe(3.1);
    expect(roundHalfAwayFromZero(3.15, 1)).toBe(3.2);
  });

  it('passes NaN and infinities through and rejects a bad number of decimals', () => {
    expect(roundHalfAwayFromZero(Number.NaN, 3)).toBeNaN();
    expect(roundHalfAwayFromZero(Number.POSITIVE_INFINITY, 3)).toBe(Number.POSITIVE_INFINITY);
    expect(() => roundHalfAwayFromZero(1, -1)).toThrow(RangeError);
    expect(() => roundHalfAwayFromZero(1, 1.5)).toThrow(RangeError);
  });
});
