import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { SESSION_MESSAGES, sessionResponseSchema } from '@oneeta/contracts';
import { participants, sessions } from '../src/store/schema.js';
import {
  bearer,
  createSession,
  destination,
  futureIso,
  sessionBody,
  getSession,
  saveSession,
} from './factories.js';
import { startSession, type SessionHarness } from './helpers.js';

let h: SessionHarness;
beforeAll(async () => {
  h = await startSession();
});
afterAll(() => h.close());

const save = (token: string | null, payload: object) => saveSession(h, token, payload);
const get = (id: string, token?: string) => getSession(h, id, token);

describe('POST /api/sessions (save changes)', () => {
  it('lets a paid owner change destination and time (200), keeping other members and the creation time', async () => {
    const owner = await h.user({ plan: 'premium' });
    const created = await createSession(h, owner, {
      participants: [{ id: 'g1', name: 'G', lat: 1, lon: 1 }],
    });
    const arriveAt = futureIso(48 * 3600_000);
    const res = await save(owner.token, {
      ...sessionBody({
        sessionId: created.sessionId,
        destination: destination({ id: 'other', name: 'Space Needle' }),
        arriveAt,
      }),
      participants: [
        { id: 'g1', lat: 2, lon: 3 },
        { id: 'g2', name: 'New', lat: 4, lon: 5 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const { session } = sessionResponseSchema.parse(res.json());
    expect(session.destination?.name).toBe('Space Needle');
    expect(session.arriveAt).toBe(new Date(arriveAt).toISOString());
    expect(session.createdAt).toBe(created.createdAt);
    expect(session.participants.map((p) => [p.id, p.name, p.lat, p.lon])).toEqual([
      [`user:${owner.id}`, owner.name, null, null],
      ['g1', 'G', 2, 3],
      ['g2', 'New', 4, 5],
    ]);
  });

  it("refuses an arrival before the stored earliest arrival with 'Selected time is too early' and the earliest time", async () => {
    const owner = await h.user({ plan: 'standard' });
    const created = await createSession(h, owner);
    const earliest = new Date(Date.now() + 3 * 24 * 3600_000);
    await h.database.db
      .update(sessions)
      .set({ earliestArrival: earliest })
      .where(eq(sessions.id, created.sessionId));
    const body = sessionBody({
      sessionId: created.sessionId,
      arriveAt: new Date(earliest.getTime() - 60_000).toISOString(),
    });
    const res = await save(owner.token, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'Selected time is too early',
      code: 'too_early',
      earliestArrival: earliest.toISOString(),
    });
    expect((await get(created.sessionId, owner.token)).json().session.arriveAt).toBe(
      created.arriveAt,
    );

    const onTime = await save(owner.token, {
      ...body,
      arriveAt: new Date(earliest.getTime() + 5 * 60_000).toISOString(),
    });
    expect(onTime.statusCode).toBe(200);
  });

  it('does not hold a new destination to the earliest arrival computed for the old one, and clears it', async () => {
    const owner = await h.user({ plan: 'standard' });
    const created = await createSession(h, owner);
    await h.database.db
      .update(sessions)
      .set({ earliestArrival: new Date(Date.now() + 9 * 24 * 3600_000) })
      .where(eq(sessions.id, created.sessionId));
    const res = await save(
      owner.token,
      sessionBody({
        sessionId: created.sessionId,
        destination: destination({ id: 'elsewhere', lat: 40 }),
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().session.travel.earliestArrival).toBeNull();
  });

  it("answers 409 'This session is closed' when the owner saves a closed session", async () => {
    const owner = await h.user({ plan: 'standard' });
    const created = await createSession(h, owner);
    await h.app.inject({
      method: 'POST',
      url: `/api/sessions/${created.sessionId}/close`,
      headers: bearer(owner.token),
      payload: { confirm: true },
    });
    const res = await save(owner.token, sessionBody({ sessionId: created.sessionId }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(SESSION_MESSAGES.closed);
  });
});

describe('POST /api/sessions (what a save may touch)', () => {
  it("never moves another member's live position nor adds members or invite rows from the body", async () => {
    const owner = await h.user({ plan: 'standard' });
    const member = await h.user();
    const created = await createSession(h, owner, {
      participants: [{ id: 'guest', lat: 1, lon: 1 }],
    });
    await h.database.db.insert(participants).values([
      {
        sessionId: created.sessionId,
        id: `user:${member.id}`,
        userId: member.id,
        name: 'M',
        lat: 47.4,
        lon: -122.1,
        position: 5,
      },
      {
        sessionId: created.sessionId,
        id: 'invite:abc',
        name: 'Pending',
        status: 'pending',
        position: 6,
      },
    ]);
    const res = await save(owner.token, {
      ...sessionBody({ sessionId: created.sessionId }),
      participants: [
        { id: `user:${owner.id}`, lat: 10, lon: 10 },
        { id: `user:${member.id}`, lat: 0, lon: 0 },
        { id: 'invite:abc', lat: 0, lon: 0 },
        { id: 'invite:zzz', lat: 0, lon: 0 },
        { id: 'user:someone-else', lat: 0, lon: 0 },
        { id: 'guest', lat: 2, lon: 2 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const rows = await h.database.db
      .select()
      .from(participants)
      .where(eq(participants.sessionId, created.sessionId))
      .orderBy(participants.position);
    expect(rows.map((r) => [r.id, r.lat, r.lon])).toEqual([
      [`user:${owner.id}`, 10, 10],
      ['guest', 2, 2],
      [`user:${member.id}`, 47.4, -122.1],
      ['invite:abc', null, null],
    ]);
    const [memberRow] = await h.database.db
      .select()
      .from(participants)
      .where(
        and(eq(participants.sessionId, created.sessionId), eq(participants.userId, member.id)),
      );
    expect(memberRow?.status).toBe('active');
  });
});
