import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  MESSAGES,
  SESSION_MESSAGES,
  TOPICS,
  type EventEnvelope,
  type SessionChangedData,
} from '@oneeta/contracts';
import { streamKey } from '@oneeta/service-kit';
import { participants, sessions } from '../src/store/schema.js';
import { bearer, createSession, newSessionId } from './factories.js';
import { startSession, type SessionHarness, type TestUser } from './helpers.js';

let h: SessionHarness;
beforeAll(async () => {
  h = await startSession();
});
afterAll(() => h.close());

const post = (url: string, u?: TestUser, payload: object = { confirm: true }) =>
  h.app.inject({ method: 'POST', url, headers: u ? bearer(u.token) : {}, payload });
const closeUrl = (id: string) => `/api/sessions/${id}/close`;
const reopenUrl = (id: string) => `/api/admin/sessions/${id}/reopen`;

/** An open session of a standard owner with a positioned guest and a joined member. */
async function sessionWithPeople() {
  const owner = await h.user({ plan: 'standard' });
  const member = await h.user();
  const s = await createSession(h, owner, {
    participants: [
      { id: `user:${owner.id}`, lat: 47.6, lon: -122.3 },
      { id: 'guest', name: 'Guest', lat: 47.5, lon: -122.2 },
    ],
  });
  await h.database.db.insert(participants).values({
    sessionId: s.sessionId,
    id: `user:${member.id}`,
    userId: member.id,
    name: 'M',
    lat: 47.4,
    lon: -122.1,
    accuracy: 12,
  });
  return { owner, member, id: s.sessionId };
}

async function changedEvents(sessionId: string) {
  await h.drained();
  const entries = await h.redis.xrange(streamKey(h.prefix, TOPICS.sessionChanged), '-', '+');
  return entries
    .map(([, fields]) => JSON.parse(fields[1]!) as EventEnvelope<SessionChangedData>)
    .filter((e) => e.data.sessionId === sessionId);
}

describe('POST /api/sessions/:id/close', () => {
  it("answers 401 'Please sign in again' without a token", async () => {
    const { id } = await sessionWithPeople();
    const res = await post(closeUrl(id));
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(MESSAGES.closeSignInAgain);
  });

  it("answers 403 'Only the author can close this session' to members and strangers", async () => {
    const { id, member } = await sessionWithPeople();
    for (const u of [member, await h.user({ plan: 'premium' })]) {
      const res = await post(closeUrl(id), u);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe(MESSAGES.closeOnlyAuthor);
    }
    expect(
      (await h.database.db.select().from(sessions).where(eq(sessions.id, id)))[0]?.isClosed,
    ).toBe(false);
  });

  it('needs confirm: true (400) and a known session (404)', async () => {
    const { id, owner } = await sessionWithPeople();
    const unconfirmed = await post(closeUrl(id), owner, { confirm: false });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json().error).toBe('Confirm closing the session');
    expect((await post(closeUrl(newSessionId()), owner)).statusCode).toBe(404);
  });

  it("closes for the owner: isClosed, closedAt, every participant's position dropped, session.changed published", async () => {
    const { id, owner } = await sessionWithPeople();
    const res = await post(closeUrl(id), owner);
    expect(res.statusCode).toBe(200);
    const { session } = res.json();
    expect(session.isClosed).toBe(true);
    expect(Date.parse(session.closedAt)).toBeGreaterThan(Date.now() - 10_000);
    const rows = await h.database.db
      .select()
      .from(participants)
      .where(eq(participants.sessionId, id));
    expect(rows).toHaveLength(3);
    expect(rows.map((r) => [r.lat, r.lon, r.accuracy])).toEqual([
      [null, null, null],
      [null, null, null],
      [null, null, null],
    ]);
    const events = await changedEvents(id);
    expect(events.at(-1)?.data).toMatchObject({
      reason: 'closed',
      isClosed: true,
      closedAt: session.closedAt,
    });
  });

  it('is idempotent: closing again answers 200 with the first closedAt and publishes nothing new', async () => {
    const { id, owner } = await sessionWithPeople();
    const first = (await post(closeUrl(id), owner)).json().session;
    await h.drained();
    const count = (await changedEvents(id)).length;
    const again = await post(closeUrl(id), owner);
    expect(again.statusCode).toBe(200);
    expect(again.json().session.closedAt).toBe(first.closedAt);
    await h.drained();
    expect(await changedEvents(id)).toHaveLength(count);
  });
});

describe('POST /api/admin/sessions/:id/reopen', () => {
  it('reopens a closed session for an administrator only', async () => {
    const { id, owner, member } = await sessionWithPeople();
    await post(closeUrl(id), owner);
    expect((await post(reopenUrl(id))).statusCode).toBe(401);
    for (const u of [owner, member]) {
      const res = await post(reopenUrl(id), u);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe(MESSAGES.adminOnly);
    }
    const admin = await h.user({ isAdmin: true });
    const res = await post(reopenUrl(id), admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().session).toMatchObject({
      isClosed: false,
      closedAt: null,
      viewerRole: 'admin',
    });
    const mine = await h.app.inject({
      method: 'GET',
      url: '/api/sessions/mine?status=open',
      headers: bearer(owner.token),
    });
    expect(mine.json().items.map((i: { sessionId: string }) => i.sessionId)).toEqual([id]);
    expect((await changedEvents(id)).at(-1)?.data).toMatchObject({
      reason: 'reopened',
      isClosed: false,
    });
  });

  it('answers 404 for an unknown session', async () => {
    const admin = await h.user({ isAdmin: true });
    expect((await post(reopenUrl(newSessionId()), admin)).statusCode).toBe(404);
  });
});

describe('POST /api/sessions/:id/ensure-chat-members', () => {
  const url = (id: string) => `/api/sessions/${id}/ensure-chat-members`;

  it('records the request for the owner and answers {ok, requestedAt}', async () => {
    const { id, owner } = await sessionWithPeople();
    const res = await post(url(id), owner, {});
    expect(res.statusCode).toBe(200);
    const { ok, requestedAt } = res.json();
    expect(ok).toBe(true);
    const [row] = await h.database.db.select().from(sessions).where(eq(sessions.id, id));
    expect(row?.chatSyncRequestedAt?.toISOString()).toBe(requestedAt);
  });

  it('refuses members (owner only), strangers (no access) and anonymous callers', async () => {
    const { id, member } = await sessionWithPeople();
    const asMember = await post(url(id), member, {});
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json().error).toBe(SESSION_MESSAGES.onlyOwner);
    const asStranger = await post(url(id), await h.user(), {});
    expect(asStranger.statusCode).toBe(403);
    expect(asStranger.json().error).toBe(SESSION_MESSAGES.accessDenied);
    expect((await post(url(id), undefined, {})).statusCode).toBe(401);
    const [row] = await h.database.db.select().from(sessions).where(eq(sessions.id, id));
    expect(row?.chatSyncRequestedAt).toBeNull();
  });
});

describe('GET /api/admin/sessions/counts', () => {
  it('counts open and closed sessions (closed: isClosed or closedAt) for an administrator only', async () => {
    const admin = await h.user({ isAdmin: true });
    const counts = async (u?: TestUser) =>
      h.app.inject({
        method: 'GET',
        url: '/api/admin/sessions/counts',
        headers: u ? bearer(u.token) : {},
      });
    expect((await counts()).statusCode).toBe(401);
    expect((await counts(await h.user({ plan: 'premium' }))).statusCode).toBe(403);
    const before = (await counts(admin)).json() as { total: number; open: number; closed: number };
    await sessionWithPeople();
    const closed = await sessionWithPeople();
    expect((await post(closeUrl(closed.id), closed.owner)).statusCode).toBe(200);
    // A row with only closedAt set (as older data may have) counts as closed too.
    const half = await sessionWithPeople();
    await h.database.db
      .update(sessions)
      .set({ closedAt: new Date() })
      .where(eq(sessions.id, half.id));
    const after = (await counts(admin)).json() as typeof before;
    expect(after).toEqual({
      total: before.total + 3,
      open: before.open + 1,
      closed: before.closed + 2,
    });
  });
});
