// What each scenario does to the product: three users in one session moving (PUT /api/location
// through the gateway, one write after another each), a /ws subscriber that reconnects, and the
// checks the issue asks for. Only a 200 counts as an acknowledged write.
import { randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { SESSION_ID_ALPHABET, SESSION_ID_LENGTH, type RouteOptions } from '@oneeta/contracts';
import { estimateTravel } from '@oneeta/maps';
import { WebSocket } from 'ws';
import { waitUntil } from './wait.js';

const PASSWORD = 'Str0ng!pass';
export const DESTINATION = { lat: 47.6097, lon: -122.3422 };
const REQUEST_TIMEOUT_MS = 5_000;

export interface Answer {
  status: number;
  body: Record<string, unknown> | undefined;
}

/** One request; a network error or timeout answers status 0. */
export async function call(
  url: string,
  { method = 'GET', body, token }: { method?: string; body?: unknown; token?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  try {
    const res = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await res.text();
    let parsed: Record<string, unknown> | undefined;
    try {
      parsed = text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
    } catch {
      parsed = { text };
    }
    return { status: res.status, body: parsed };
  } catch {
    return { status: 0, body: undefined };
  }
}

async function must(
  url: string,
  options: Parameters<typeof call>[1] = {},
): Promise<Record<string, unknown>> {
  const answer = await call(url, options);
  if (answer.status < 200 || answer.status >= 300)
    throw new Error(
      `${options.method ?? 'GET'} ${url} answered ${answer.status}: ${JSON.stringify(answer.body)}`,
    );
  return answer.body ?? {};
}

export interface Mover {
  userId: string;
  token: string;
  index: number;
}

export interface World {
  base: string;
  sessionId: string;
  owner: Mover;
  movers: Mover[];
}

/** Registers an owner and two guests, creates a session, and has both guests accept an invite. */
export async function setUpWorld(base: string): Promise<World> {
  const register = async (tag: string, index: number): Promise<Mover> => {
    const email = `fault-${tag}-${randomUUID().slice(0, 8)}@example.com`;
    const body = await must(`${base}/api/auth/register`, {
      method: 'POST',
      body: { email, password: PASSWORD, name: `Fault ${tag}` },
    });
    return { userId: (body.user as { id: string }).id, token: body.token as string, index };
  };
  const owner = await register('owner', 0);
  const sessionId = Array.from(
    randomBytes(SESSION_ID_LENGTH),
    (b) => SESSION_ID_ALPHABET[b % SESSION_ID_ALPHABET.length],
  ).join('');
  await must(`${base}/api/sessions`, {
    method: 'POST',
    token: owner.token,
    body: {
      sessionId,
      destination: {
        id: 'fault-poi',
        name: 'Pike Place',
        address: '85 Pike St',
        position: DESTINATION,
      },
      tzId: 'America/Los_Angeles',
      arriveAt: new Date(Date.now() + 24 * 3600_000).toISOString(),
      travelMode: 'car',
      participants: [],
    },
  });
  const movers = [owner];
  for (const index of [1, 2]) {
    const guest = await register(`guest${index}`, index);
    const invite = await must(`${base}/api/sessions/${sessionId}/invites`, {
      method: 'POST',
      token: owner.token,
      body: {
        name: `Guest ${index}`,
        email: `fault-invitee-${randomUUID().slice(0, 8)}@example.com`,
      },
    });
    const code = (invite.invite as { code: string }).code;
    const start = positionOf(index, 0);
    await must(`${base}/api/sessions/${sessionId}/invite/${code}/accept`, {
      method: 'POST',
      token: guest.token,
      body: { code, lat: start.lat, lon: start.lon },
    });
    movers.push(guest);
  }
  return { base, sessionId, owner, movers };
}

/** Where mover `index` says it is at its `step`-th write: ~1.5 km further east each step. */
export function positionOf(index: number, step: number): { lat: number; lon: number } {
  return { lat: 47.5 + index * 0.05, lon: -122.1 + step * 0.02 };
}

export interface Write {
  mover: number;
  step: number;
  at: number;
  status: number;
}

/**
 * Every mover writes its next position, one write after another, until `stop()`; a mover told to
 * `haltFrom(index, t)` makes its last write the first one it starts at or after t (during a fault).
 */
export function startBurst(world: World, pauseMs = 50) {
  const writes: Write[] = [];
  let running = true;
  const haltFrom = new Map<number, number>();
  const loops = world.movers.map(async (mover) => {
    for (let step = 1; running; step++) {
      const { lat, lon } = positionOf(mover.index, step);
      const at = Date.now();
      const answer = await call(`${world.base}/api/location`, {
        method: 'PUT',
        token: mover.token,
        body: { latitude: lat, longitude: lon, accuracy: 5, timestamp: at },
      });
      writes.push({ mover: mover.index, step, at, status: answer.status });
      if (at >= (haltFrom.get(mover.index) ?? Infinity)) break;
      if (answer.status !== 200)
        await sleep(200); // a client backs off a little on a failure
      else await sleep(pauseMs);
    }
  });
  return {
    writes,
    haltFrom: (index: number, since: number) => haltFrom.set(index, since),
    async stop() {
      running = false;
      await Promise.all(loops);
      return writes;
    },
  };
}

/** A /ws client subscribed to the session that reconnects (and subscribes again) when dropped. */
export function subscribe(world: World) {
  const refreshes: number[] = [];
  let socket: WebSocket | undefined;
  let open = true;
  let connects = 0;
  const connect = () => {
    if (!open) return;
    const ws = new WebSocket(`${world.base.replace('http', 'ws')}/ws`);
    socket = ws;
    ws.on('open', () => {
      connects += 1;
      ws.send(
        JSON.stringify({
          action: 'subscribe',
          sessionId: world.sessionId,
          token: world.owner.token,
        }),
      );
    });
    ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as { type: string; sessionId?: string };
      if (message.type === 'refresh-session' && message.sessionId === world.sessionId)
        refreshes.push(Date.now());
    });
    ws.on('error', () => {});
    ws.on('close', () => {
      if (open) setTimeout(connect, 500);
    });
  };
  connect();
  return {
    refreshes,
    connects: () => connects,
    close() {
      open = false;
      socket?.close();
    },
  };
}

interface SeenParticipant {
  userId: string | null;
  lat: number | null;
  lon: number | null;
  distanceMeters: number | null;
  routeOptions?: RouteOptions;
}

export async function readParticipants(world: World): Promise<SeenParticipant[]> {
  const body = await must(`${world.base}/api/sessions/${world.sessionId}`, {
    token: world.owner.token,
  });
  return (body.session as { participants: SeenParticipant[] }).participants;
}

/** The step whose position is nearest to what the session shows (and how far off, in degrees). */
function nearestStep(
  index: number,
  lat: number,
  lon: number,
  steps: number,
): { step: number; off: number } {
  let best = { step: 0, off: Infinity };
  for (let step = 0; step <= steps; step++) {
    const p = positionOf(index, step);
    const off = Math.hypot(p.lat - lat, p.lon - lon);
    if (off < best.off) best = { step, off };
  }
  return best;
}

/**
 * No acknowledged write lost: each mover's row shows its last acknowledged position, or a later
 * write whose answer was lost (it may have committed). Returns one line per problem.
 */
export async function lostWrites(world: World, writes: Write[]): Promise<string[]> {
  const problems: string[] = [];
  const seen = await readParticipants(world);
  for (const mover of world.movers) {
    const mine = writes.filter((w) => w.mover === mover.index);
    const acked = mine.filter((w) => w.status === 200).map((w) => w.step);
    const lastAcked = Math.max(0, ...acked);
    const attempted = Math.max(0, ...mine.map((w) => w.step));
    const row = seen.find((p) => p.userId === mover.userId);
    if (!row || row.lat === null || row.lon === null) {
      problems.push(`mover ${mover.index}: no position in the session`);
      continue;
    }
    const { step, off } = nearestStep(mover.index, row.lat, row.lon, attempted);
    if (off > 0.001 || step < lastAcked)
      problems.push(
        `mover ${mover.index}: the session shows step ${step}, the last acknowledged write was step ${lastAcked}`,
      );
  }
  return problems;
}

/** Each mover's travel result was computed from the position the session shows (the route job ran). */
export async function staleTravel(world: World, writes: Write[]): Promise<string[]> {
  const problems: string[] = [];
  const seen = await readParticipants(world);
  for (const mover of world.movers) {
    const row = seen.find((p) => p.userId === mover.userId);
    if (!row || row.lat === null || row.lon === null) {
      problems.push(`mover ${mover.index}: no position`);
      continue;
    }
    const expected = estimateTravel({ lat: row.lat, lon: row.lon }, DESTINATION, {
      mode: row.routeOptions?.travelMode ?? 'car',
      routeType: row.routeOptions?.routeType ?? 'fastest',
      avoidTolls: row.routeOptions?.avoidTolls ?? false,
    }).distanceMeters;
    const steps = Math.max(0, ...writes.filter((w) => w.mover === mover.index).map((w) => w.step));
    const got = row.distanceMeters;
    if (got === null || Math.abs(got - expected) > expected * 0.02)
      problems.push(
        `mover ${mover.index}: travel distance ${got} m, expected ~${expected} m for the position shown (of ${steps} steps)`,
      );
  }
  return problems;
}

/** Polls until `check` finds no problem; answers how long that took, or throws with the last problems. */
export async function settles(
  check: () => Promise<string[]>,
  timeoutMs: number,
  what: string,
): Promise<number> {
  const started = Date.now();
  let last: string[] = [];
  try {
    await waitUntil(
      async () => (last = await check().catch((e: Error) => [e.message])).length === 0,
      timeoutMs,
      what,
      250,
    );
  } catch {
    throw new Error(`${what} within ${timeoutMs / 1000} s:\n  ${last.join('\n  ')}`);
  }
  return Date.now() - started;
}

export interface Numbers {
  scenario: string;
  writes: Write[];
  faultStartedAt: number;
  faultEndedAt: number;
  refreshes: number[];
  travelCaughtUpMs?: number;
}

/** The first acknowledged write after the fault ended (the product works again). */
export function recoveredAt(writes: Write[], faultEndedAt: number): number | undefined {
  return writes
    .filter((w) => w.status === 200 && w.at >= faultEndedAt)
    .map((w) => w.at)
    .sort((a, b) => a - b)[0];
}

/** One line with the numbers, for the log: requests, 5xx, failures, recovery seconds. */
export function report(n: Numbers): string {
  const total = n.writes.length;
  const acked = n.writes.filter((w) => w.status === 200).length;
  const fivexx = n.writes.filter((w) => w.status >= 500).length;
  const network = n.writes.filter((w) => w.status === 0).length;
  const other = total - acked - fivexx - network;
  const back = recoveredAt(n.writes, n.faultEndedAt);
  const refresh = back === undefined ? undefined : n.refreshes.find((t) => t >= back);
  const s = (ms: number | undefined) =>
    ms === undefined ? 'never' : `${(ms / 1000).toFixed(1)} s`;
  const lastMover = Math.max(...n.writes.map((w) => w.mover));
  const held = n.writes.filter((w) => w.mover === lastMover).at(-1);
  return (
    `faults[${n.scenario}]: ${total} location writes, ${acked} acknowledged, ${fivexx} 5xx, ${network} network errors, ${other} other; ` +
    `fault lasted ${s(n.faultEndedAt - n.faultStartedAt)}; writes acknowledged again ${s(back === undefined ? undefined : back - n.faultEndedAt)} after it ended; ` +
    `/ws refresh ${s(refresh === undefined || back === undefined ? undefined : refresh - back)} after that; ` +
    `travel caught up ${s(n.travelCaughtUpMs)} after the burst; ` +
    `the last write of mover ${lastMover} started ${s(held ? held.at - n.faultStartedAt : undefined)} into the fault and got ${held?.status}`
  );
}
