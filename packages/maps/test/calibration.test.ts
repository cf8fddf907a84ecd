/**
 * Calibration of the offline estimate against published driving figures (test/calibration-pairs.ts).
 * Runs the real estimator on every pair and bounds the relative error of its car time and road
 * distance: median ≤ 10 %, 90th percentile ≤ 25 %. The measured figures are in the test names.
 */
import { describe, expect, it } from 'vitest';
import { estimateTravel, haversineMeters } from '../src/offline/estimate.js';
import { CALIBRATION_PAIRS, type CalibrationPair } from './calibration-pairs.js';

const FASTEST_CAR = { mode: 'car', routeType: 'fastest', avoidTolls: false } as const;

interface PairError {
  pair: CalibrationPair;
  /** estimate / published − 1 */
  time: number;
  distance: number;
}

/** Quantile q (0…1) with linear interpolation between order statistics (R type 7, numpy default). */
function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (at - lo);
}

const errors: PairError[] = CALIBRATION_PAIRS.map((pair) => {
  const estimate = estimateTravel(pair.origin, pair.destination, FASTEST_CAR);
  return {
    pair,
    time: estimate.travelTimeSeconds / 60 / pair.minutes - 1,
    distance: estimate.distanceMeters / 1000 / pair.roadKm - 1,
  };
});

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const summary = (kind: 'time' | 'distance') => {
  const abs = errors.map((e) => Math.abs(e[kind]));
  return { median: quantile(abs, 0.5), p90: quantile(abs, 0.9), max: Math.max(...abs) };
};
/** Every pair's signed errors, worst first: shown when an assertion fails. */
const table = (kind: 'time' | 'distance') =>
  [...errors]
    .sort((a, b) => Math.abs(b[kind]) - Math.abs(a[kind]))
    .map((e) => `${e.pair.from} → ${e.pair.to}: time ${pct(e.time)}, distance ${pct(e.distance)}`)
    .join('\n');

describe('calibration pairs (test data)', () => {
  const straightKm = (p: CalibrationPair) => haversineMeters(p.origin, p.destination) / 1000;

  it('has at least 30 pairs on at least 4 continents, each with a named source', () => {
    expect(CALIBRATION_PAIRS.length).toBeGreaterThanOrEqual(30);
    expect(new Set(CALIBRATION_PAIRS.map((p) => p.continent)).size).toBeGreaterThanOrEqual(4);
    for (const p of CALIBRATION_PAIRS) expect(p.source.length).toBeGreaterThan(10);
  });

  it('spans short (20–60 km), medium (100–300 km) and long (400 km and more) trips', () => {
    const count = (lo: number, hi: number) =>
      CALIBRATION_PAIRS.filter((p) => p.roadKm >= lo && p.roadKm <= hi).length;
    expect(count(20, 60)).toBeGreaterThanOrEqual(5);
    expect(count(100, 300)).toBeGreaterThanOrEqual(5);
    expect(count(400, Infinity)).toBeGreaterThanOrEqual(5);
    expect(Math.max(...CALIBRATION_PAIRS.map((p) => p.roadKm))).toBeGreaterThan(1000);
  });

  it('is plausible: road at least the straight line, average speeds 30–130 km/h', () => {
    for (const p of CALIBRATION_PAIRS) {
      const label = `${p.from} → ${p.to}`;
      expect(p.roadKm, label).toBeGreaterThanOrEqual(straightKm(p));
      expect(p.roadKm / straightKm(p), label).toBeLessThan(1.6);
      const kmh = p.roadKm / (p.minutes / 60);
      expect(kmh, label).toBeGreaterThan(30);
      expect(kmh, label).toBeLessThan(130);
    }
  });

  it('includes the pairs the estimate was reported against', () => {
    const names = new Set(CALIBRATION_PAIRS.map((p) => `${p.from} → ${p.to}`));
    for (const name of [
      'New York → Boston',
      'Paris → Lyon',
      'Dallas → Houston',
      'Chicago → Milwaukee',
      'Indianapolis → Joliet',
    ])
      expect(names).toContain(name);
  });
});

describe('offline estimate against published driving figures (car, fastest)', () => {
  const time = summary('time');
  const distance = summary('distance');

  it(`time: median error ${pct(time.median)} (≤ 10 %), 90th percentile ${pct(time.p90)} (≤ 25 %), worst ${pct(time.max)}`, () => {
    expect(time.median, table('time')).toBeLessThanOrEqual(0.1);
    expect(time.p90, table('time')).toBeLessThanOrEqual(0.25);
  });

  it(`distance: median error ${pct(distance.median)} (≤ 10 %), 90th percentile ${pct(distance.p90)} (≤ 25 %), worst ${pct(distance.max)}`, () => {
    expect(distance.median, table('distance')).toBeLessThanOrEqual(0.1);
    expect(distance.p90, table('distance')).toBeLessThanOrEqual(0.25);
  });

  it('is unbiased: over- and under-estimates roughly balance (signed median within ±10 %)', () => {
    expect(
      Math.abs(
        quantile(
          errors.map((e) => e.time),
          0.5,
        ),
      ),
    ).toBeLessThanOrEqual(0.1);
    expect(
      Math.abs(
        quantile(
          errors.map((e) => e.distance),
          0.5,
        ),
      ),
    ).toBeLessThanOrEqual(0.1);
  });
});
