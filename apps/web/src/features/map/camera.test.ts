import { describe, expect, it } from 'vitest';
import { easeOut, interpolateCamera } from './camera';

const a = { center: { lat: 47.6, lon: -122.3 }, zoom: 12 };
const b = { center: { lat: 45.5, lon: -122.7 }, zoom: 16 };

describe('interpolateCamera', () => {
  it('starts at the first camera and ends at the second', () => {
    expect(interpolateCamera(a, b, 0).zoom).toBe(12);
    expect(interpolateCamera(a, b, 0).center.lat).toBeCloseTo(47.6, 9);
    expect(interpolateCamera(a, b, 1).zoom).toBe(16);
    expect(interpolateCamera(a, b, 1).center.lon).toBeCloseTo(-122.7, 9);
  });

  it('moves zoom linearly and stays between the two centers, clamping t', () => {
    const mid = interpolateCamera(a, b, 0.5);
    expect(mid.zoom).toBe(14);
    expect(mid.center.lat).toBeLessThan(47.6);
    expect(mid.center.lat).toBeGreaterThan(45.5);
    expect(interpolateCamera(a, b, 3)).toEqual(interpolateCamera(a, b, 1));
  });
});

describe('easeOut', () => {
  it('runs from 0 to 1, ahead of linear in between', () => {
    expect(easeOut(0)).toBe(0);
    expect(easeOut(1)).toBe(1);
    expect(easeOut(0.5)).toBeGreaterThan(0.5);
  });
});
