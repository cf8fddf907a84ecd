import { describe, expect, it } from 'vitest';
import {
  ESTIMATE_CONSTANTS,
  estimateTravel,
  haversineMeters,
  type EstimateOptions,
} from './estimate.js';

const seattle = { lat: 47.6062, lon: -122.3321 };
const fastestCar: EstimateOptions = { mode: 'car', routeType: 'fastest', avoidTolls: false };
/** A point `km` kilometres due north of Seattle. */
const north = (km: number) => ({ lat: seattle.lat + km / 111.195, lon: seattle.lon });

describe('haversineMeters', () => {
  it('measures known great-circle distances', () => {
    expect(
      haversineMeters({ lat: 48.8534, lon: 2.3488 }, { lat: 51.5085, lon: -0.1257 }) / 1000,
    ).toBeCloseTo(343.9, 0);
    expect(haversineMeters(seattle, north(100)) / 1000).toBeCloseTo(100, 1);
    expect(haversineMeters(seattle, seattle)).toBe(0);
  });
});

describe('estimateTravel', () => {
  it('gives 0 s and 0 m when origin and destination are the same', () => {
    for (const mode of ['car', 'bicycle', 'walking'] as const) {
      expect(estimateTravel(seattle, seattle, { ...fastestCar, mode })).toEqual({
        travelTimeSeconds: 0,
        distanceMeters: 0,
      });
    }
  });

  it('applies circuity, then 35 km/h for the first 10 km of road and 85 km/h beyond', () => {
    const { ROAD_CIRCUITY, CAR_URBAN_KMH, CAR_OPEN_ROAD_KMH } = ESTIMATE_CONSTANTS;
    const straight = haversineMeters(seattle, north(20));
    const road = straight * ROAD_CIRCUITY;
    const expected = 10_000 / (CAR_URBAN_KMH / 3.6) + (road - 10_000) / (CAR_OPEN_ROAD_KMH / 3.6);
    expect(estimateTravel(seattle, north(20), fastestCar)).toEqual({
      travelTimeSeconds: Math.round(expected),
      distanceMeters: Math.round(road),
    });
  });

  it('never gets faster as the trip gets longer, for every mode and option', () => {
    const variants: EstimateOptions[] = [
      fastestCar,
      { mode: 'car', routeType: 'shortest', avoidTolls: true },
      { mode: 'bicycle', routeType: 'fastest', avoidTolls: false },
      { mode: 'walking', routeType: 'fastest', avoidTolls: false },
    ];
    for (const options of variants) {
      let previous = estimateTravel(seattle, north(0.1), options);
      for (const km of [0.5, 1, 5, 7.6, 7.8, 10, 20, 50, 200, 1000]) {
        const next = estimateTravel(seattle, north(km), options);
        expect(next.travelTimeSeconds).toBeGreaterThan(previous.travelTimeSeconds);
        expect(next.distanceMeters).toBeGreaterThan(previous.distanceMeters);
        previous = next;
      }
    }
  });

  it('orders modes walking > bicycle > car for the same trip', () => {
    for (const km of [0.5, 3, 15, 80]) {
      const time = (options: EstimateOptions) =>
        estimateTravel(seattle, north(km), options).travelTimeSeconds;
      const walking = time({ ...fastestCar, mode: 'walking' });
      const bicycle = time({ ...fastestCar, mode: 'bicycle' });
      expect(walking).toBeGreaterThan(bicycle);
      expect(bicycle).toBeGreaterThan(time(fastestCar));
      expect(bicycle).toBeGreaterThan(
        time({ mode: 'car', routeType: 'shortest', avoidTolls: true }),
      );
    }
  });

  it("makes 'shortest' shorter but slower, and avoidTolls longer and slower, for cars only", () => {
    const base = estimateTravel(seattle, north(60), fastestCar);
    const shortest = estimateTravel(seattle, north(60), { ...fastestCar, routeType: 'shortest' });
    const noTolls = estimateTravel(seattle, north(60), { ...fastestCar, avoidTolls: true });
    expect(shortest.distanceMeters).toBeLessThan(base.distanceMeters);
    expect(shortest.travelTimeSeconds).toBeGreaterThan(base.travelTimeSeconds);
    expect(noTolls.distanceMeters).toBeGreaterThan(base.distanceMeters);
    expect(noTolls.travelTimeSeconds).toBeGreaterThan(base.travelTimeSeconds);
    const walk = { mode: 'walking', routeType: 'fastest', avoidTolls: false } as const;
    expect(
      estimateTravel(seattle, north(3), { ...walk, routeType: 'shortest', avoidTolls: true }),
    ).toEqual(estimateTravel(seattle, north(3), walk));
  });

  it('is deterministic: the same input always gives the same output', () => {
    const origin = { lat: 47.2529, lon: -122.4443 };
    const first = estimateTravel(origin, seattle, fastestCar);
    for (let i = 0; i < 20; i++)
      expect(estimateTravel({ ...origin }, { ...seattle }, { ...fastestCar })).toEqual(first);
  });
});
