// A simulated drive toward the destination: a wandering heading, a speed that changes, some stops.
import type { LatLon } from './seed.js';

const M_PER_DEG_LAT = 111_320;

/** A small deterministic generator (mulberry32), so a run's routes repeat. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function metersBetween(a: LatLon, b: LatLon): number {
  const dy = (b.lat - a.lat) * M_PER_DEG_LAT;
  const dx = (b.lon - a.lon) * M_PER_DEG_LAT * Math.cos((a.lat * Math.PI) / 180);
  return Math.hypot(dx, dy);
}

/** A point `meters` from `from` on `bearing` (radians, 0 = north). */
export function offset(from: LatLon, meters: number, bearing: number): LatLon {
  return {
    lat: from.lat + (meters * Math.cos(bearing)) / M_PER_DEG_LAT,
    lon:
      from.lon +
      (meters * Math.sin(bearing)) / (M_PER_DEG_LAT * Math.cos((from.lat * Math.PI) / 180)),
  };
}

export class Drive {
  position: LatLon;
  /** m/s, and degrees clockwise from north (what a phone's geolocation reports). */
  speed = 0;
  heading = 0;
  private stopLeft = 0;
  private readonly random: () => number;

  constructor(
    private readonly destination: LatLon,
    seed: number,
  ) {
    this.random = rng(seed);
    // 5–30 km away, in any direction.
    this.position = offset(
      destination,
      5_000 + this.random() * 25_000,
      this.random() * 2 * Math.PI,
    );
    this.speed = 8 + this.random() * 10;
  }

  /** Moves on by `seconds`; answers the new position (parked once within 50 m). */
  step(seconds: number): LatLon {
    const left = metersBetween(this.position, this.destination);
    if (left < 50) {
      this.speed = 0;
      return this.position;
    }
    if (this.stopLeft > 0) {
      // Lights, traffic, a coffee: no movement.
      this.stopLeft -= seconds;
      this.speed = 0;
      return this.position;
    }
    if (this.random() < 0.04) {
      this.stopLeft = 10 + this.random() * 80;
      this.speed = 0;
      return this.position;
    }
    // Speed wanders between 2 and 30 m/s (7–108 km/h).
    this.speed = Math.min(30, Math.max(2, this.speed + (this.random() - 0.5) * 8));
    const toward = Math.atan2(
      (this.destination.lon - this.position.lon) * Math.cos((this.position.lat * Math.PI) / 180),
      this.destination.lat - this.position.lat,
    );
    const heading = toward + (this.random() - 0.5) * 1.2;
    this.heading = ((((heading * 180) / Math.PI) % 360) + 360) % 360;
    this.position = offset(this.position, Math.min(left, this.speed * seconds), heading);
    return this.position;
  }
}
