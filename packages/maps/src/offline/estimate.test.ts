import { describe, expect, it } from 'vitest';
import {
  carHours,
  ESTIMATE_CONSTANTS,
  estimateTravel,
  haversineMeters,
  roadCircuity,
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

  it('applies the distance-dependent circuity, then the urban-to-open-road speed curve', () => {
    const c = ESTIMATE_CONSTANTS;
    const straightKm = haversineMeters(seattle, north(20)) / 1000;
    const circuity =
      c.CIRCUITY_LONG +
      (c.CIRCUITY_SHORT - c.CIRCUITY_LONG) * Math.exp(-straightKm / c.CIRCUITY_SCALE_KM);
    const roadKm = straightKm * circuity;
    const urbanKm = c.CAR_URBAN_SCALE_KM * (1 - Math.exp(-roadKm / c.CAR_URBAN_SCALE_KM));
    const hours = urbanKm / c.CAR_URBAN_KMH + (roadKm - urbanKm) / c.CAR_OPEN_ROAD_KMH;
    expect(estimateTravel(seattle, north(20), fastestCar)).toEqual({
      travelTimeSeconds: Math.round(hours * 3600),
      distanceMeters: Math.round(roadKm * 1000),
    });
  });

  it('has circuity falling from 1.3 across town to 1.16 between cities', () => {
    expect(roadCircuity(0)).toBeCloseTo(1.3, 10);
    expect(roadCircuity(10)).toBeCloseTo(1.16 + 0.14 / Math.E, 10);
    expect(roadCircuity(500)).toBeCloseTo(1.16, 10);
    for (const km of [1, 2, 5, 10, 20, 50, 100]) {
      expect(roadCircuity(km)).toBeLessThan(roadCircuity(km / 2));
    }
  });

  it('drives at 35 km/h for a short hop, rising smoothly towards 104 km/h for long trips', () => {
    const averageKmh = (km: number) => km / carHours(km, 35, 104);
    expect(averageKmh(0.01)).toBeCloseTo(35, 0);
    expect(averageKmh(10_000)).toBeCloseTo(104, -1);
    let previous = averageKmh(0.5);
    for (const km of [1, 5, 10, 20, 50, 100, 300, 1000]) {
      const next = averageKmh(km);
      expect(next).toBeGreaterThan(previous);
      previous = next;
    }
  });

  it('walks at 4.8 km/h and cycles at 15 km/h over the same road distance as a car', () => {
    const car = estimateTravel(seattle, north(4), fastestCar);
    const walk = estimateTravel(seattle, north(4), { ...fastestCar, mode: 'walking' });
    const bike = estimateTravel(seattle, north(4), { ...fastestCar, mode: 'bicycle' });
    expect(walk.distanceMeters).toBe(car.distanceMeters);
    expect(bike.distanceMeters).toBe(car.distanceMeters);
    expect(walk.travelTimeSeconds).toBeCloseTo(walk.distanceMeters / (4.8 / 3.6), -1);
    expect(bike.travelTimeSeconds).toBeCloseTo(bike.distanceMeters / (15 / 3.6), -1);
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
