import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import {
  MESSAGES,
  PLAN_TABLE,
  PLANS,
  SESSION_MESSAGES,
  sessionLimitsResponseSchema,
} from '@oneeta/contracts';
import { invites, participants } from '../src/store/schema.js';
import { bearer, createSession, sessionBody } from './factories.js';
import { startSession, type SessionHarness, type TestUser } from './helpers.js';

let h: SessionHarness;
beforeAll(async () => {
  h = await startSession();
});
afterAll(() => h.close());

const save = (u: TestUser, payload: object) =>
  h.app.inject({ method: 'POST', url: '/api/sessions', headers: bearer(u.token), payload });
const limits = async (u: TestUser) => {
  const res = await h.app.inject({
    method: 'GET',
    url: '/api/sessions/limits',
    headers: bearer(u.token),
  });
  expect(res.statusCode).toBe(200);
  return sessionLimitsResponseSchema.parse(res.json());
};
const close = (u: TestUser, id: string) =>
  h.app.inject({
    method: 'POST',
    url: `/api/sessions/${id}/close`,
    headers: bearer(u.token),
    payload: { confirm: true },
  });
/** Makes `u` an active participant of someone else's session (as an accepted invite would). */
const join = (sessionId: string, u: TestUser) =>
  h.database.db
    .insert(participants)
    .values({ sessionId, id: `user:${u.id}`, userId: u.id, name: 'Joined', status: 'active' });
const guests = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: `guest-${i}`,
    name: `G${i}`,
    lat: 47 + i / 100,
    lon: -122,
  }));

describe('GET /api/sessions/limits', () => {
  it('answers 401 without a token', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/sessions/limits' });
    expect(res.statusCode).toBe(401);
  });

  it("reports each plan's limits from the plan table", async () => {
    for (const plan of PLANS) {
      const table = PLAN_TABLE[plan];
      expect(await limits(await h.user({ plan }))).toEqual({
        plan,
        limits: {
          canCreateSessions: true,
          maxJoinedOpenSessions: table.joinedOpenSessions,
          maxOwnOpenSessions: table.ownOpenSessions,
          maxParticipants: table.participants,
          maxInvitesPerSession: table.invitesPerSession,
          canEditSavedSession: table.canEditSavedSession,
          maxSuggestionCandidates: table.suggestionCandidates,
        },
        usage: { openTotal: 0, ownedOpen: 0, joinedOpen: 0 },
      });
    }
    expect(PLAN_TABLE.free.joinedOpenSessions).toBe(1);
    expect(PLAN_TABLE.premium.joinedOpenSessions).toBeNull();
  });

  it('counts open owned and joined sessions, not closed ones', async () => {
    const u = await h.user({ plan: 'standard' });
    const other = await h.user({ plan: 'standard' });
    const a = await createSession(h, u);
    await createSession(h, u);
    await join((await createSession(h, other)).sessionId, u);
    await close(u, a.sessionId);
    expect((await limits(u)).usage).toEqual({ openTotal: 2, ownedOpen: 1, joinedOpen: 1 });
  });
});

describe('free plan', () => {
  it('allows 1 open session, then answers 403 with the session-limit message until it is closed', async () => {
    const u = await h.user({ plan: 'free' });
    const first = await createSession(h, u);
    expect((await limits(u)).limits.canCreateSessions).toBe(false);
    const second = await save(u, sessionBody());
    expect(second.statusCode).toBe(403);
    expect(second.json()).toEqual({ error: MESSAGES.sessionLimitReached, code: 'session_limit' });

    await close(u, first.sessionId);
    expect((await limits(u)).limits.canCreateSessions).toBe(true);
    expect((await save(u, sessionBody())).statusCode).toBe(201);
  });

  it("answers 'You have no remaining sessions…' when a joined open session uses up the allowance", async () => {
    const u = await h.user({ plan: 'free' });
    const owner = await h.user({ plan: 'standard' });
    await join((await createSession(h, owner)).sessionId, u);
    const res = await save(u, sessionBody());
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error: MESSAGES.noRemainingSessions,
      code: 'no_remaining_sessions',
    });
    expect((await limits(u)).limits.canCreateSessions).toBe(false);
  });

  it('may not edit a saved session (403) and the session stays as saved', async () => {
    const u = await h.user({ plan: 'free' });
    const created = await createSession(h, u);
    const res = await save(u, sessionBody({ sessionId: created.sessionId, tzId: 'Europe/Paris' }));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: SESSION_MESSAGES.freePlanNoEdits, code: 'plan_no_edits' });
    const now = await h.app.inject({
      method: 'GET',
      url: `/api/sessions/${created.sessionId}`,
      headers: bearer(u.token),
    });
    expect(now.json().session.tzId).toBe('America/Los_Angeles');
  });

  it('allows 3 other participants and refuses a 4th with the free invite-limit message', async () => {
    const u = await h.user({ plan: 'free' });
    const tooMany = await save(u, sessionBody({ participants: guests(4) }));
    expect(tooMany.statusCode).toBe(403);
    expect(tooMany.json()).toEqual({ error: MESSAGES.freeInviteLimit, code: 'invite_limit' });
    const created = await createSession(h, u, { participants: guests(3) });
    expect(created.participants).toHaveLength(4);
  });
});

describe('paid plans', () => {
  it('standard, premium and enterprise create several open sessions and edit them', async () => {
    for (const plan of ['standard', 'premium', 'enterprise'] as const) {
      const u = await h.user({ plan });
      const a = await createSession(h, u);
      await createSession(h, u);
      await createSession(h, u);
      expect((await limits(u)).limits.canCreateSessions).toBe(true);
      expect(
        (await save(u, sessionBody({ sessionId: a.sessionId, tzId: 'Europe/Paris' }))).statusCode,
      ).toBe(200);
    }
  });

  it('standard is not blocked from creating by its 5 joined sessions', async () => {
    const u = await h.user({ plan: 'standard' });
    const owner = await h.user({ plan: 'premium' });
    for (let i = 0; i < 5; i++) await join((await createSession(h, owner)).sessionId, u);
    expect((await limits(u)).usage.joinedOpen).toBe(5);
    expect((await save(u, sessionBody())).statusCode).toBe(201);
  });

  it('holds standard to 5 participants, counting pending invites', async () => {
    const u = await h.user({ plan: 'standard' });
    const six = await save(u, sessionBody({ participants: guests(6) }));
    expect(six.statusCode).toBe(403);
    expect(six.json()).toEqual({
      error: SESSION_MESSAGES.participantLimit,
      code: 'participant_limit',
    });

    const created = await createSession(h, u, { participants: guests(4) });
    await h.database.db.insert(invites).values({
      id: randomUUID(),
      sessionId: created.sessionId,
      email: 'pending@example.test',
      code: randomUUID(),
      inviterUserId: u.id,
    });
    const res = await save(
      u,
      sessionBody({
        sessionId: created.sessionId,
        participants: [...guests(4), { id: 'extra', lat: 1, lon: 1 }],
      }),
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(SESSION_MESSAGES.participantLimit);
    expect(
      (await createSession(h, await h.user({ plan: 'premium' }), { participants: guests(12) }))
        .participants,
    ).toHaveLength(13);
  });
});

describe('quota under concurrency', () => {
  it('gives a free user exactly one session when several creates arrive at once', async () => {
    const u = await h.user({ plan: 'free' });
    const results = await Promise.all(Array.from({ length: 4 }, () => save(u, sessionBody())));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 403, 403, 403]);
    for (const r of results.filter((x) => x.statusCode === 403))
      expect(r.json().error).toBe(MESSAGES.sessionLimitReached);
    expect((await limits(u)).usage.ownedOpen).toBe(1);
  });
});
