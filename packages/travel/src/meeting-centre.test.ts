import { describe, expect, it } from 'vitest';
import { haversineMeters } from './distance.js';
import { meetingCentre, TYPICAL_SPEED_KMH } from './meeting-centre.js';

const km = (a: { lat: number; lon: number }, b: { lat: number; lon: number }) =>
  haversineMeters(a, b) / 1000;

describe('meetingCentre', () => {
  it('is null for nobody and the person themself for one', () => {
    expect(meetingCentre([])).toBeNull();
    const p = { lat: 47.6, lon: -122.3 };
    const c = meetingCentre([{ position: p, mode: 'car' }])!;
    expect(km(c, p)).toBeLessThan(0.01);
  });

  it('is the midpoint of two drivers', () => {
    const a = { lat: 47.6, lon: -122.4 };
    const b = { lat: 47.6, lon: -122.2 };
    const c = meetingCentre([
      { position: a, mode: 'car' },
      { position: b, mode: 'car' },
    ])!;
    expect(Math.abs(km(c, a) - km(c, b))).toBeLessThan(0.02);
  });

  it('is near a walker, not at the middle, when a driver meets them (equal trip times)', () => {
    const walker = { lat: 47.6, lon: -122.3 };
    const driver = { lat: 47.69, lon: -122.3 }; // 10 km north
    const c = meetingCentre([
      { position: walker, mode: 'walking' },
      { position: driver, mode: 'car' },
    ])!;
    const toWalker = km(c, walker);
    const toDriver = km(c, driver);
    // d / 4.8 = (10 − d) / 50 → d ≈ 0.876 km.
    expect(toWalker).toBeGreaterThan(0.8);
    expect(toWalker).toBeLessThan(0.95);
    expect(toWalker / TYPICAL_SPEED_KMH.walking).toBeCloseTo(toDriver / TYPICAL_SPEED_KMH.car, 2);
  });

  it('is not pulled to the centroid by a crowd: the smallest circle around three drivers', () => {
    // Three friends in one place and one 20 km east: the centroid is 5 km east, the fair centre 10 km.
    const home = { lat: 47.6, lon: -122.3 };
    const far = { lat: 47.6, lon: -122.3 + 20 / (111.32 * Math.cos((47.6 * Math.PI) / 180)) };
    const c = meetingCentre([
      { position: home, mode: 'car' },
      { position: home, mode: 'car' },
      { position: home, mode: 'car' },
      { position: far, mode: 'car' },
    ])!;
    expect(km(c, home)).toBeCloseTo(10, 0);
    expect(km(c, far)).toBeCloseTo(10, 0);
  });

  it('finds the circumcentre of an acute triangle of cyclists', () => {
    const pts = [
      { lat: 51.5, lon: -0.2 },
      { lat: 51.5, lon: -0.05 },
      { lat: 51.58, lon: -0.12 },
    ];
    const c = meetingCentre(pts.map((position) => ({ position, mode: 'bicycle' as const })))!;
    const d = pts.map((p) => km(c, p));
    expect(Math.max(...d) - Math.min(...d)).toBeLessThan(0.05);
  });

  it('works across the antimeridian', () => {
    const c = meetingCentre([
      { position: { lat: -17, lon: 179.9 }, mode: 'car' },
      { position: { lat: -17, lon: -179.9 }, mode: 'car' },
    ])!;
    expect(Math.abs(Math.abs(c.lon) - 180)).toBeLessThan(0.01);
  });
});
