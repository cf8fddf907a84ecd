/**
 * The authorization matrix of issue 3: every call × anonymous, signed-in non-member, pending
 * invitee, active participant, owner and administrator. Each cell runs against a fresh session
 * (a premium owner, one active participant, one pending invite) and asserts the exact status.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createSession, sessionBody } from './factories.js';
import { startSession, type SessionHarness, type TestUser } from './helpers.js';
import { invite, join, SEATTLE } from './membership.js';

const ROLES = ['anonymous', 'nonMember', 'invitee', 'participant', 'owner', 'admin'] as const;
type Role = (typeof ROLES)[number];

let h: SessionHarness;
beforeAll(async () => {
  h = await startSession();
});
afterAll(() => h.close());

interface World {
  id: string;
  users: Record<Exclude<Role, 'anonymous'>, TestUser>;
  /** The active participant's row id. */
  pid: string;
  /** The pending invite (addressed to the invitee). */
  inviteId: string;
  code: string;
}

async function world(): Promise<World> {
  const owner = await h.user({ plan: 'premium' });
  const { sessionId: id } = await createSession(h, owner, {
    participants: [{ id: `user:${owner.id}`, ...SEATTLE }],
  });
  const participant = await h.user({ plan: 'standard' });
  const pid = await join(h, owner, id, participant);
  const invitee = await h.user({ plan: 'standard' });
  const inv = await invite(h, owner, id, invitee.email);
  const users = {
    nonMember: await h.user({ plan: 'standard' }),
    invitee,
    participant,
    owner,
    admin: await h.user({ plan: 'standard', isAdmin: true }),
  };
  return { id, users, pid, inviteId: inv.id, code: inv.code };
}

/** The caller's own row where they have one, else the participant's. */
const ownOrParticipant = (w: World, role: Role) =>
  role === 'owner' ? `user:${w.users.owner.id}` : w.pid;

interface Call {
  name: string;
  request: (w: World, role: Role) => InjectOptions;
  /** Runs as the owner before the call (e.g. close the session before reopening it). */
  prepare?: (w: World) => Promise<void>;
  expected: Record<Role, number>;
}

const all = (status: number, anonymous = 401): Record<Role, number> => ({
  anonymous,
  nonMember: status,
  invitee: status,
  participant: status,
  owner: status,
  admin: status,
});
const expect6 = (
  anonymous: number,
  nonMember: number,
  invitee: number,
  participant: number,
  owner: number,
  admin: number,
) => ({
  anonymous,
  nonMember,
  invitee,
  participant,
  owner,
  admin,
});
const location = { latitude: 47.6, longitude: -122.3, accuracy: 10, timestamp: 1_790_000_000_000 };

const CALLS: Call[] = [
  {
    name: 'GET /api/sessions/mine',
    request: () => ({ method: 'GET', url: '/api/sessions/mine' }),
    expected: all(200),
  },
  {
    name: 'GET /api/sessions/limits',
    request: () => ({ method: 'GET', url: '/api/sessions/limits' }),
    expected: all(200),
  },
  {
    name: 'GET /api/sessions/:id',
    request: (w) => ({ method: 'GET', url: `/api/sessions/${w.id}` }),
    expected: expect6(200, 403, 200, 200, 200, 200),
  },
  {
    name: 'POST /api/sessions (save an existing session)',
    request: (w) => ({
      method: 'POST',
      url: '/api/sessions',
      payload: sessionBody({ sessionId: w.id }),
    }),
    expected: expect6(401, 409, 409, 409, 200, 409),
  },
  {
    name: 'POST /api/sessions/:id/close',
    request: (w) => ({
      method: 'POST',
      url: `/api/sessions/${w.id}/close`,
      payload: { confirm: true },
    }),
    expected: expect6(401, 403, 403, 403, 200, 403),
  },
  {
    name: 'POST /api/admin/sessions/:id/reopen',
    prepare: async (w) => {
      const res = await h.app.inject({
        method: 'POST',
        url: `/api/sessions/${w.id}/close`,
        headers: bearer(w.users.owner.token),
        payload: { confirm: true },
      });
      expect(res.statusCode).toBe(200);
    },
    request: (w) => ({ method: 'POST', url: `/api/admin/sessions/${w.id}/reopen` }),
    expected: expect6(401, 403, 403, 403, 403, 200),
  },
  {
    name: 'POST /api/sessions/:id/ensure-chat-members',
    request: (w) => ({ method: 'POST', url: `/api/sessions/${w.id}/ensure-chat-members` }),
    expected: expect6(401, 403, 403, 403, 200, 403),
  },
  {
    name: 'PUT /api/location',
    request: () => ({ method: 'PUT', url: '/api/location', payload: location }),
    expected: all(200),
  },
  {
    name: 'PUT /api/sessions/:id/participants',
    request: (w, role) => ({
      method: 'PUT',
      url: `/api/sessions/${w.id}/participants`,
      payload: { participants: [{ id: ownOrParticipant(w, role), lat: 47.7, lon: -122.2 }] },
    }),
    expected: expect6(401, 403, 403, 200, 200, 403),
  },
  {
    name: 'POST /api/sessions/:id/invites',
    request: (w) => ({
      method: 'POST',
      url: `/api/sessions/${w.id}/invites`,
      payload: { name: 'New', email: 'new@example.test' },
    }),
    expected: expect6(401, 403, 403, 403, 201, 403),
  },
  {
    name: 'DELETE /api/sessions/:id/invites/:inviteId',
    request: (w) => ({ method: 'DELETE', url: `/api/sessions/${w.id}/invites/${w.inviteId}` }),
    expected: expect6(401, 403, 200, 403, 200, 403),
  },
  {
    name: 'GET /api/sessions/:id/invite/:code',
    request: (w) => ({ method: 'GET', url: `/api/sessions/${w.id}/invite/${w.code}` }),
    expected: all(200, 200),
  },
  {
    name: 'POST /api/sessions/:id/invite/:code/accept',
    request: (w) => ({
      method: 'POST',
      url: `/api/sessions/${w.id}/invite/${w.code}/accept`,
      payload: { code: w.code, ...SEATTLE },
    }),
    expected: all(200),
  },
  {
    name: 'POST /api/sessions/:id/invite/:code/decline',
    request: (w) => ({ method: 'POST', url: `/api/sessions/${w.id}/invite/${w.code}/decline` }),
    expected: all(200, 200),
  },
  {
    name: 'POST /api/sessions/:id/participants/:pid/routeOptions',
    request: (w) => ({
      method: 'POST',
      url: `/api/sessions/${w.id}/participants/${w.pid}/routeOptions`,
      payload: { travelMode: 'walking', routeType: 'fastest', avoidTolls: false },
    }),
    expected: expect6(401, 403, 403, 200, 403, 403),
  },
  {
    name: 'POST /api/sessions/:id/participants/:pid/enroute',
    request: (w) => ({
      method: 'POST',
      url: `/api/sessions/${w.id}/participants/${w.pid}/enroute`,
      payload: { enroute: true },
    }),
    expected: expect6(401, 403, 403, 200, 403, 403),
  },
  {
    name: 'DELETE /api/sessions/:id/participants/:pid',
    request: (w) => ({ method: 'DELETE', url: `/api/sessions/${w.id}/participants/${w.pid}` }),
    expected: expect6(401, 403, 403, 403, 200, 403),
  },
  {
    name: 'POST /api/sessions/:id/participants/:pid/leave (own row, else the participant’s)',
    request: (w, role) => ({
      method: 'POST',
      url: `/api/sessions/${w.id}/participants/${ownOrParticipant(w, role)}/leave`,
    }),
    expected: expect6(401, 403, 403, 200, 400, 403),
  },
];

describe.each(CALLS)('$name', (call) => {
  it.each(ROLES.map((role) => ({ role, status: call.expected[role] })))(
    '$role → $status',
    async ({ role, status }) => {
      const w = await world();
      await call.prepare?.(w);
      const options = call.request(w, role);
      const headers = role === 'anonymous' ? {} : bearer(w.users[role].token);
      const res = await h.app.inject({ ...options, headers: { ...options.headers, ...headers } });
      expect(res.statusCode, res.body).toBe(status);
    },
  );
});
