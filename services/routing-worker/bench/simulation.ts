/**
 * The routing benchmark's world, pure and deterministic (seeded): sessions whose participants travel
 * toward the session's destination, moved one tick (5 s of virtual time) at a time, the way people
 * do: they wait until it is time to leave, then drive a winding path (the heading wanders around
 * the bearing to the destination) at a pace that drifts, stop at lights and in jams, and some make
 * a long stop or a detour away from the destination on the way.
 */
import type { RouteInput } from '@oneeta/contracts';
import { estimateTravel } from '@oneeta/maps';

export interface SimParticipant {
  id: string;
  lat: number;
  lon: number;
  /** Cruising pace, metres per second. */
  speed: number;
  /** The pace now, as a factor of `speed` (drifts between 0.4 and 1.4). */
  pace: number;
  /** Radians between the heading and the bearing to the destination (wanders within ±0.8). */
  wander: number;
  /** Virtual ms when they set off. */
  departAt: number;
  /** Virtual ms until which they stand still (a light, a jam, a long stop). */
  stoppedUntil: number;
  /** One long stop (5–12 minutes) this many metres before the destination, or null. */
  longStopAtMeters: number | null;
  /** One detour (3–6 minutes heading 90–150° off) starting this many metres before the destination, or null. */
  detourAtMeters: number | null;
  /** While detouring: virtual ms it ends, and the heading offset. */
  detour: { until: number; offset: number } | null;
  arrived: boolean;
  rand: () => number;
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
 * the centre, each participant 3–30 km from it, cruising at 25–65 km/h. Four in five sessions have an
 * arrival time 45–90 minutes after the start, and their participants set off around their leave-by
 * time (the offline estimate, give or take); the rest are "leave now" sessions, whose participants
 * set off within 3 minutes. One participant in six makes a long stop, one in six a detour.
 */
export function createWorld(opts: {
  sessions: number;
  size: number;
  start: Date;
  seed?: number;
}): SimSession[] {
  const rand = prng(opts.seed ?? 42);
  const centre = { lat: 47.6, lon: -122.3 };
  const t0 = opts.start.getTime();
  return Array.from({ length: opts.sessions }, (_, s) => {
    const destination = offset(centre, rand() * 30_000, rand() * 2 * Math.PI);
    const arriveAt = rand() < 0.8 ? new Date(t0 + (45 + rand() * 45) * 60_000).toISOString() : null;
    const participants = Array.from({ length: opts.size }, (_, p): SimParticipant => {
      const startMeters = 3_000 + rand() * 27_000;
      const start = offset(destination, startMeters, rand() * 2 * Math.PI);
      const own = prng(Math.floor(rand() * 2 ** 32));
      const estimate = estimateTravel(start, destination, {
        mode: 'car',
        routeType: 'fastest',
        avoidTolls: false,
      }).travelTimeSeconds;
      const departAt =
        arriveAt === null
          ? t0 + own() * 180_000
          : Math.max(
              t0,
              Date.parse(arriveAt) - estimate * (0.9 + own() * 0.4) * 1000 - own() * 300_000,
            );
      const special = own();
      return {
        id: `p${p}`,
        lat: start.lat,
        lon: start.lon,
        speed: (25 + rand() * 40) / 3.6,
        pace: 1,
        wander: 0,
        departAt,
        stoppedUntil: 0,
        longStopAtMeters: special < 1 / 6 ? startMeters * (0.2 + own() * 0.6) : null,
        detourAtMeters:
          special >= 1 / 6 && special < 2 / 6 ? startMeters * (0.3 + own() * 0.5) : null,
        detour: null,
        arrived: false,
        rand: own,
      };
    });
    return { id: `bench-${s}`, destination, arriveAt, participants };
  });
}

/** Moves every participant `seconds` along their path; `nowMs` is the virtual time after the step. */
export function step(world: SimSession[], seconds: number, nowMs: number): void {
  for (const s of world) {
    for (const p of s.participants) move(p, s.destination, seconds, nowMs);
  }
}

function move(
  p: SimParticipant,
  destination: { lat: number; lon: number },
  seconds: number,
  nowMs: number,
): void {
  if (p.arrived || nowMs < p.departAt || nowMs < p.stoppedUntil) return;
  const { rand } = p;
  const dLat = (destination.lat - p.lat) * M_PER_DEG_LAT;
  const dLon = (destination.lon - p.lon) * M_PER_DEG_LAT * Math.cos((p.lat * Math.PI) / 180);
  const left = Math.hypot(dLat, dLon);
  if (p.longStopAtMeters !== null && left <= p.longStopAtMeters) {
    p.longStopAtMeters = null;
    p.stoppedUntil = nowMs + (5 + rand() * 7) * 60_000;
    return;
  }
  if (p.detourAtMeters !== null && left <= p.detourAtMeters) {
    p.detourAtMeters = null;
    p.detour = {
      until: nowMs + (3 + rand() * 3) * 60_000,
      offset: (rand() < 0.5 ? -1 : 1) * (Math.PI / 2 + rand() * (Math.PI / 3)),
    };
  }
  if (p.detour && nowMs >= p.detour.until) p.detour = null;
  // A light or a jam about every 6 minutes of driving, 15–90 s.
  if (rand() < seconds / 360) {
    p.stoppedUntil = nowMs + (15 + rand() * 75) * 1000;
    return;
  }
  p.pace = Math.min(1.4, Math.max(0.4, p.pace + (rand() - 0.5) * 0.16 + (1 - p.pace) * 0.02));
  p.wander = Math.min(0.8, Math.max(-0.8, p.wander + (rand() - 0.5) * 0.2 - p.wander * 0.02));
  const step = p.speed * p.pace * seconds;
  if (!p.detour && left <= step) {
    p.lat = destination.lat;
    p.lon = destination.lon;
    p.arrived = true;
    return;
  }
  const heading = Math.atan2(dLon, dLat) + (p.detour ? p.detour.offset : p.wander);
  p.lat += (Math.cos(heading) * step) / M_PER_DEG_LAT;
  p.lon += (Math.sin(heading) * step) / (M_PER_DEG_LAT * Math.cos((p.lat * Math.PI) / 180));
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
    lon:
      from.lon +
      (meters * Math.sin(bearing)) / (M_PER_DEG_LAT * Math.cos((from.lat * Math.PI) / 180)),
  };
}

/** The q-quantile of sorted numbers (nearest rank). */
export function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}
