/**
 * The routing benchmark's world, pure and deterministic (seeded): sessions whose participants drive
 * toward the session's destination, moved one tick (5 s of virtual time) at a time.
 */
import type { RouteInput } from '@oneeta/contracts';

export interface SimParticipant {
  id: string;
  lat: number;
  lon: number;
  /** Metres per second. */
  speed: number;
}

export interface SimSession {
  id: string;
  destination: { lat: number; lon: number };
  /** ISO arrival time, or null for "leave now" sessions. */
  arriveAt: string | null;
  participants: SimParticipant[];
}

const M_PER_DEG_LAT = 111_320;

/** mulberry32: a small seeded PRNG, so every run simulates the same hour. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `sessions` sessions of `size` participants around a metro area: each destination within ~30 km of
 * the centre, each participant 3–30 km from it, driving at 25–65 km/h. Four in five sessions have an
 * arrival time 45–90 minutes after the start; the rest are "leave now" sessions.
 */
export function createWorld(opts: { sessions: number; size: number; start: Date; seed?: number }): SimSession[] {
  const rand = prng(opts.seed ?? 42);
  const centre = { lat: 47.6, lon: -122.3 };
  return Array.from({ length: opts.sessions }, (_, s) => {
    const destination = offset(centre, rand() * 30_000, rand() * 2 * Math.PI);
    const arriveAt = rand() < 0.8 ? new Date(opts.start.getTime() + (45 + rand() * 45) * 60_000).toISOString() : null;
    const participants = Array.from({ length: opts.size }, (_, p) => {
      const start = offset(destination, 3_000 + rand() * 27_000, rand() * 2 * Math.PI);
      return { id: `p${p}`, lat: start.lat, lon: start.lon, speed: (25 + rand() * 40) / 3.6 };
    });
    return { id: `bench-${s}`, destination, arriveAt, participants };
  });
}

/** Moves every participant `seconds` toward the destination (straight line; stops on arrival). */
export function step(world: SimSession[], seconds: number): void {
  for (const s of world) {
    for (const p of s.participants) {
      const dLat = (s.destination.lat - p.lat) * M_PER_DEG_LAT;
      const dLon = (s.destination.lon - p.lon) * M_PER_DEG_LAT * Math.cos((p.lat * Math.PI) / 180);
      const left = Math.hypot(dLat, dLon);
      const move = p.speed * seconds;
      if (left <= move) {
        p.lat = s.destination.lat;
        p.lon = s.destination.lon;
      } else {
        p.lat += ((dLat / left) * move) / M_PER_DEG_LAT;
        p.lon += ((dLon / left) * move) / (M_PER_DEG_LAT * Math.cos((p.lat * Math.PI) / 180));
      }
    }
  }
}

/** The route input the session service would answer for a simulated session. */
export function routeInputOf(s: SimSession): RouteInput {
  return {
    sessionId: s.id,
    destination: s.destination,
    arriveAt: s.arriveAt,
    travelMode: 'car',
    participants: s.participants.map((p) => ({
      participantId: p.id,
      lat: p.lat,
      lon: p.lon,
      routeOptions: { travelMode: 'car', routeType: 'fastest', avoidTolls: false },
    })),
  };
}

function offset(from: { lat: number; lon: number }, meters: number, bearing: number) {
  return {
    lat: from.lat + (meters * Math.cos(bearing)) / M_PER_DEG_LAT,
    lon: from.lon + (meters * Math.sin(bearing)) / (M_PER_DEG_LAT * Math.cos((from.lat * Math.PI) / 180)),
  };
}

/** The q-quantile of sorted numbers (nearest rank). */
export function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}
