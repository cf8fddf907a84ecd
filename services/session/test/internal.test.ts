import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  internalInviteResponseSchema,
  membershipResponseSchema,
  routeInputSchema,
  sessionScheduleDataSchema,
  TOPICS,
} from '@oneeta/contracts';
import { streamKey } from '@oneeta/service-kit';
import { participants } from '../src/store/schema.js';
import { createSession, newSessionId } from './factories.js';
import { invite } from './membership.js';
import { INTERNAL_TOKEN, startSession, type SessionHarness, type TestUser } from './helpers.js';

let h: SessionHarness;
beforeAll(async () => {
  h = await startSession();
});
afterAll(() => h.close());

const internal = (url: string, token: string | null = INTERNAL_TOKEN) =>
  h.app.inject({ method: 'GET', url, headers: token ? { 'x-internal-token': token } : {} });
const addMember = (
  sessionId: string,
  u: TestUser,
  status: 'active' | 'pending' | 'left',
  lat: number | null = null,
) =>
  h.database.db.insert(participants).values({
    sessionId,
    id: `user:${u.id}`,
    userId: u.id,
    name: 'M',
    status,
    lat,
    lon: lat === null ? null : -122,
    position: 10,
  });

describe('GET /internal/sessions/:id/members/:userId', () => {
  it('needs the internal token', async () => {
    const owner = await h.user({ plan: 'standard' });
    const s = await createSession(h, owner);
    for (const token of [null, 'wrong-token-wrong-token-wrong']) {
      const res = await internal(`/internal/sessions/${s.sessionId}/members/${owner.id}`, token);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('internal_only');
    }
  });

  it('answers owner, participant and invitee as members; left and strangers are not', async () => {
    const owner = await h.user({ plan: 'standard' });
    const [active, invited, gone, stranger] = await Promise.all([
      h.user(),
      h.user(),
      h.user(),
      h.user(),
    ]);
    const s = await createSession(h, owner);
    await addMember(s.sessionId, active, 'active');
    await addMember(s.sessionId, invited, 'pending');
    await addMember(s.sessionId, gone, 'left');
    const cases: [TestUser, { member: boolean; role: string | null }][] = [
      [owner, { member: true, role: 'owner' }],
      [active, { member: true, role: 'participant' }],
      [invited, { member: true, role: 'invitee' }],
      [gone, { member: false, role: null }],
      [stranger, { member: false, role: null }],
    ];
    for (const [u, expected] of cases) {
      const res = await internal(`/internal/sessions/${s.sessionId}/members/${u.id}`);
      expect(res.statusCode).toBe(200);
      expect(membershipResponseSchema.parse(res.json())).toEqual(expected);
    }
  });

  it('finds an invitee invited by e-mail (no participant row yet) through ?email=, in any case', async () => {
    const owner = await h.user({ plan: 'standard' });
    const invited = await h.user({ email: 'Wanda.Waiting@example.test' });
    const s = await createSession(h, owner);
    await invite(h, owner, s.sessionId, 'wanda.waiting@example.test');
    const ask = async (query: string) =>
      membershipResponseSchema.parse(
        (await internal(`/internal/sessions/${s.sessionId}/members/${invited.id}${query}`)).json(),
      );
    expect(await ask(`?email=${encodeURIComponent(invited.email)}`)).toEqual({
      member: true,
      role: 'invitee',
    });
    expect(await ask('')).toEqual({ member: false, role: null });
    expect(await ask('?email=someone.else%40example.test')).toEqual({ member: false, role: null });
  });

  it('refuses a malformed e-mail with 400', async () => {
    const owner = await h.user();
    const s = await createSession(h, owner);
    const res = await internal(
      `/internal/sessions/${s.sessionId}/members/${owner.id}?email=${'x'.repeat(400)}`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual(expect.any(String));
  });

  it('answers 404 for an unknown session', async () => {
    const res = await internal(`/internal/sessions/${newSessionId()}/members/someone`);
    expect(res.statusCode).toBe(404);
  });
});

describe('GET /internal/sessions/:id/route-input', () => {
  it('gives the destination, arrival time and every active participant with a position', async () => {
    const owner = await h.user({ plan: 'premium' });
    const s = await createSession(h, owner, {
      participants: [
        { id: `user:${owner.id}`, lat: 47.6, lon: -122.3 },
        { id: 'guest', lat: 47.5, lon: -122.2 },
      ],
    });
    const [withPosition, noPosition, pending, gone] = await Promise.all([
      h.user(),
      h.user(),
      h.user(),
      h.user(),
    ]);
    await addMember(s.sessionId, withPosition, 'active', 47.4);
    await addMember(s.sessionId, noPosition, 'active');
    await addMember(s.sessionId, pending, 'pending', 47.3);
    await addMember(s.sessionId, gone, 'left', 47.2);

    const res = await internal(`/internal/sessions/${s.sessionId}/route-input`);
    expect(res.statusCode).toBe(200);
    const input = routeInputSchema.parse(res.json());
    const defaults = { travelMode: 'car', routeType: 'fastest', avoidTolls: false };
    expect(input).toEqual({
      sessionId: s.sessionId,
      destination: s.destination!.position,
      arriveAt: s.arriveAt,
      travelMode: 'car',
      participants: [
        { participantId: `user:${owner.id}`, lat: 47.6, lon: -122.3, routeOptions: defaults },
        { participantId: 'guest', lat: 47.5, lon: -122.2, routeOptions: defaults },
        { participantId: `user:${withPosition.id}`, lat: 47.4, lon: -122, routeOptions: defaults },
      ],
    });
  });

  it('needs the internal token and a known session', async () => {
    const owner = await h.user({ plan: 'standard' });
    const s = await createSession(h, owner);
    expect((await internal(`/internal/sessions/${s.sessionId}/route-input`, null)).statusCode).toBe(
      403,
    );
    expect((await internal(`/internal/sessions/${newSessionId()}/route-input`)).statusCode).toBe(
      404,
    );
  });
});

describe('GET /internal/sessions/:id/invites/:inviteId', () => {
  it('gives the invite with its code and what the e-mail says, to the internal token only', async () => {
    const owner = await h.user({ plan: 'standard', name: 'Olga Owner' });
    const s = await createSession(h, owner, { tzId: 'Europe/Paris' });
    const inv = await invite(h, owner, s.sessionId, 'ivy@example.test', 'Ivy');
    const url = `/internal/sessions/${s.sessionId}/invites/${inv.id}`;
    expect((await internal(url, null)).statusCode).toBe(403);
    const res = await internal(url);
    expect(res.statusCode).toBe(200);
    expect(internalInviteResponseSchema.parse(res.json())).toMatchObject({
      inviteId: inv.id,
      sessionId: s.sessionId,
      code: inv.code,
      email: 'ivy@example.test',
      name: 'Ivy',
      status: 'pending',
      inviterUserId: owner.id,
      creatorUserId: owner.id,
      destinationName: s.destination?.name ?? null,
      arriveAt: s.arriveAt,
      tzId: 'Europe/Paris',
    });
    expect((await internal(`/internal/sessions/${s.sessionId}/invites/nope`)).statusCode).toBe(404);
  });
});

describe('GET /internal/sessions/:id/schedule and session.schedule', () => {
  it("gives the reminder scheduler each participant's status, enroute and leave-by, with every change, and needs the internal token", async () => {
    const owner = await h.user({ plan: 'standard' });
    const arriveAt = new Date(Date.now() + 3600_000).toISOString();
    const s = await createSession(h, owner, {
      arriveAt,
      participants: [{ id: `user:${owner.id}`, lat: 47.6, lon: -122.3 }],
    });
    const leaveBy = new Date(Date.now() + 1800_000);
    await h.database.db
      .update(participants)
      .set({ departureTime: leaveBy })
      .where(eq(participants.userId, owner.id));
    expect((await internal(`/internal/sessions/${s.sessionId}/schedule`, null)).statusCode).toBe(
      403,
    );
    const res = await internal(`/internal/sessions/${s.sessionId}/schedule`);
    expect(res.statusCode).toBe(200);
    expect(sessionScheduleDataSchema.parse(res.json())).toEqual({
      sessionId: s.sessionId,
      isClosed: false,
      destinationName: s.destination!.name,
      arriveAt,
      tzId: s.tzId,
      participants: [
        {
          participantId: `user:${owner.id}`,
          userId: owner.id,
          status: 'active',
          enroute: false,
          leaveBy: leaveBy.toISOString(),
          arrivedAt: null,
          lateMinutes: null,
        },
      ],
    });
    expect((await internal(`/internal/sessions/${newSessionId()}/schedule`)).statusCode).toBe(404);

    // The save published it on the bus too (before the leave-by was known).
    await h.drained();
    const events = (
      await h.redis.xrange(streamKey(h.prefix, TOPICS.sessionSchedule), '-', '+')
    ).map(([, f]) => JSON.parse(f[1]!) as { data: { sessionId: string } });
    expect(events.map((e) => e.data).filter((d) => d.sessionId === s.sessionId)).toEqual([
      expect.objectContaining({
        sessionId: s.sessionId,
        arriveAt,
        participants: [expect.objectContaining({ userId: owner.id, leaveBy: null })],
      }),
    ]);
  });
});
