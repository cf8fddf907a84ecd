// The people of a run: K sessions of N (plus one of 12), each person a verified user who joined,
// driving toward the destination, with a page subscribed on /ws.
import type { Session } from '@oneeta/contracts';
import { SimPage, type Tracker } from './page.js';
import { Drive } from './route.js';
import {
  createSession,
  join,
  ok,
  planFor,
  pool,
  registerVerified,
  type BenchUser,
  type LatLon,
} from './seed.js';
import type { BenchStack } from './stack.js';

export interface Person {
  user: BenchUser;
  sessionId: string;
  participantId: string;
  drive: Drive;
  page: SimPage;
  /** When the next position update is due (ms), and when the last one was taken. */
  nextDue: number;
  lastStep: number;
}

export interface World {
  people: Person[];
  sessionIds: string[];
}

const SEATTLE: LatLon = { lat: 47.6062, lon: -122.3321 };

/** Progress on stderr, at most every 2 s. */
function progress(what: string): (done: number, of: number) => void {
  let last = 0;
  return (done, of) => {
    if (Date.now() - last < 2000 && done < of) return;
    last = Date.now();
    process.stderr.write(`  ${what}: ${done}/${of}\n`);
  };
}

export async function buildWorld(
  stack: BenchStack,
  tracker: Tracker,
  { sizes, concurrency, seed }: { sizes: number[]; concurrency: number; seed: number },
): Promise<World> {
  const authUrl = stack.urls.auth!;
  const slots = sizes.flatMap((size, g) =>
    Array.from({ length: size }, (_, i) => ({ g, i, size })),
  );
  let done = 0;
  const tick = progress('users registered and verified');
  const users = await pool(slots, concurrency, async ({ g, i, size }) => {
    const user = await registerVerified(
      stack,
      authUrl,
      `s${g}p${i}`,
      i === 0 ? planFor(size) : 'free',
    );
    tick(++done, slots.length);
    return user;
  });
  const groups = sizes.map((_, g) => users.filter((_, k) => slots[k]!.g === g));
  done = 0;
  const tickJoin = progress('sessions created and joined');
  const people: Person[] = [];
  const sessionIds: string[] = [];
  await pool(groups, Math.max(1, Math.floor(concurrency / 2)), async (members, g) => {
    const owner = members[0]!;
    const destination = {
      lat: SEATTLE.lat + (g % 20) * 0.01,
      lon: SEATTLE.lon + Math.floor(g / 20) * 0.01,
    };
    const created = await createSession(stack, owner.token, destination, g);
    const drives = members.map((_, i) => new Drive(destination, seed + g * 100 + i));
    for (let i = 1; i < members.length; i++)
      await join(stack, owner, created.sessionId, members[i]!, drives[i]!.position);
    const { session } = await ok<{ session: Session }>(
      `${stack.base}/api/sessions/${created.sessionId}`,
      { token: owner.token },
    );
    members.forEach((user, i) => {
      const participant = session.participants.find((p) => p.userId === user.user.id);
      if (!participant)
        throw new Error(`${user.email} is not a participant of ${session.sessionId}`);
      people.push({
        user,
        sessionId: session.sessionId,
        participantId: participant.id,
        drive: drives[i]!,
        page: new SimPage({
          base: stack.base,
          wsUrl: stack.wsUrl,
          sessionId: session.sessionId,
          token: user.token,
          selfId: participant.id,
          tracker,
        }),
        nextDue: 0,
        lastStep: 0,
      });
    });
    sessionIds.push(session.sessionId);
    tickJoin(++done, groups.length);
  });
  const tickOpen = progress('pages subscribed');
  done = 0;
  await pool(people, concurrency * 2, async (person) => {
    await person.page.open(30_000);
    tickOpen(++done, people.length);
  });
  return { people, sessionIds };
}

export interface Driving {
  /** Updates sent (answered or not) while measuring, and those that failed. */
  sent: number;
  answered: number;
  /** Updates that went out more than 1 s after they were due (the in-flight bound was reached). */
  late: number;
  stop: () => Promise<void>;
}

/**
 * Every person sends PUT /api/location every `intervalS` (phases spread over the interval), at most
 * `maxInFlight` at once; an update that cannot go out waits (late) and the next one is due an
 * interval after it was sent, as a phone that reports its current position would.
 */
export function drive(
  stack: BenchStack,
  world: World,
  tracker: Tracker,
  intervalS: number,
  maxInFlight: number,
): Driving {
  const start = Date.now();
  world.people.forEach((p, i) => {
    p.nextDue =
      start + ((i * 7919) % world.people.length) * ((intervalS * 1000) / world.people.length);
    p.lastStep = start;
  });
  let inFlight = 0;
  let stopped = false;
  const outstanding = new Set<Promise<void>>();
  const state: Driving = {
    sent: 0,
    answered: 0,
    late: 0,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await Promise.allSettled([...outstanding]);
    },
  };
  const send = (p: Person, now: number) => {
    const at = p.drive.step((now - p.lastStep) / 1000);
    p.lastStep = now;
    inFlight += 1;
    const measuring = tracker.measuring;
    if (measuring) state.sent += 1;
    tracker.recordPut(p.participantId, at, now);
    const body = {
      latitude: at.lat,
      longitude: at.lon,
      accuracy: 10,
      speed: p.drive.speed,
      heading: p.drive.heading,
      timestamp: now,
    };
    const done = fetch(`${stack.base}/api/location`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${p.user.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    })
      .then(async (res) => {
        await res.arrayBuffer();
        if (res.status >= 500) tracker.client5xx += 1;
        else if (res.ok && measuring) state.answered += 1;
        if (measuring) tracker.putMs.push(Date.now() - now);
      })
      .catch(() => {
        tracker.clientErrors += 1;
      })
      .finally(() => {
        inFlight -= 1;
        outstanding.delete(done);
      });
    outstanding.add(done);
  };
  const timer = setInterval(() => {
    if (stopped) return;
    const now = Date.now();
    for (const p of world.people) {
      if (p.nextDue > now) continue;
      if (inFlight >= maxInFlight) break;
      if (tracker.measuring && now - p.nextDue > 1000) state.late += 1;
      p.nextDue = now + intervalS * 1000;
      send(p, now);
    }
  }, 50);
  return state;
}
