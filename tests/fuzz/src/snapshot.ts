// What a rejected request must not change, read through the API: the world's session as its owner
// sees it (participants, invites, closed or not), every fixture user's profile and open sessions
// (a session closed, left or created shows there; the closed list is capped and reordered by
// background work, so it is not compared).
// Fields the routing worker rewrites on its own (travel times, updatedAt) are left out.
import { call } from './client.js';
import type { People, World } from './fixtures.js';
import type { StackInfo } from './stack.js';

type Json = Record<string, unknown>;

/** Lists come newest first by updatedAt, which background work moves: compare them sorted by id. */
const byId = (items: Json[]) =>
  [...items].sort((a, b) => String(a.sessionId ?? a.id).localeCompare(String(b.sessionId ?? b.id)));

const pick = (value: Json, keys: readonly string[]) =>
  Object.fromEntries(keys.map((k) => [k, value[k]]));

const PARTICIPANT_KEYS = [
  'id',
  'userId',
  'name',
  'label',
  'email',
  'lat',
  'lon',
  'status',
  'isOwner',
  'routeOptions',
  'enroute',
  'locationSource',
];
const INVITE_KEYS = ['id', 'name', 'email', 'phone', 'status'];
const SESSION_KEYS = [
  'sessionId',
  'destination',
  'tzId',
  'arriveAt',
  'travelMode',
  'creatorUserId',
  'isClosed',
  'closedAt',
];
const LIST_KEYS = [
  'sessionId',
  'destinationName',
  'arriveAt',
  'tzId',
  'participantCount',
  'isClosed',
  'role',
];

export async function snapshot(stack: StackInfo, people: People, world: World): Promise<string> {
  const users = [people.owner, people.participant, people.stranger, people.admin].filter(
    (u) => u !== undefined,
  );
  const get = <T>(url: string, token: string) => call<T>(stack.base, 'GET', url, { token });
  const [session, ...rest] = await Promise.all([
    get<{ session: Json & { participants: Json[]; invites: Json[] } }>(
      `/api/sessions/${world.sessionId}`,
      people.owner.token,
    ),
    ...users.flatMap((u) => [
      get<{ user: Json }>('/api/auth/me', u.token).then((a) => a.user),
      get<{ items: Json[] }>('/api/sessions/mine?status=open&limit=100', u.token).then((a) =>
        byId(a.items.map((i) => pick(i, LIST_KEYS))),
      ),
    ]),
  ]);
  const s = session.session;
  return JSON.stringify(
    {
      session: {
        ...pick(s, SESSION_KEYS),
        participants: byId(s.participants.map((p) => pick(p, PARTICIPANT_KEYS))),
        invites: byId(s.invites.map((i) => pick(i, INVITE_KEYS))),
      },
      users: rest,
    },
    null,
    1,
  );
}

/** The first lines where two snapshots differ, for the failure message. */
export function diffSnapshots(before: string, after: string, max = 12): string {
  const a = before.split('\n');
  const b = after.split('\n');
  const out: string[] = [];
  for (let i = 0; i < Math.max(a.length, b.length) && out.length < max; i++) {
    if (a[i] !== b[i]) out.push(`  line ${i + 1}: ${a[i] ?? '(none)'}  ->  ${b[i] ?? '(none)'}`);
  }
  return out.join('\n');
}
