import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { sessionResponseSchema } from '@oneeta/contracts';
import { participants } from '../src/store/schema.js';
import { createSession, getSession } from './factories.js';
import { startSession, type SessionHarness } from './helpers.js';
import { invite, join } from './membership.js';

let h: SessionHarness;
beforeAll(async () => {
  h = await startSession();
});
afterAll(() => h.close());

const FIVE_MINUTES = 5 * 60_000;
const DEPARTS = '2031-05-04T10:17:43.000Z';
const ARRIVES = '2031-05-04T10:59:12.000Z';

describe('the anonymous view of a session', () => {
  it('carries names, coarse positions and rounded times only: no account ids, e-mails, exact distances or times', async () => {
    // An owner without a display name: their row's name is their e-mail address.
    const owner = await h.user({ plan: 'standard', name: null });
    const member = await h.user({ plan: 'standard', name: 'Rosa' });
    const { sessionId } = await createSession(h, owner, {
      participants: [{ id: 'g-1', name: 'Mom', lat: 47.1234, lon: -122.5678 }],
    });
    await join(h, owner, sessionId, member, { lat: 47.60621, lon: -122.33207 });
    const pending = await invite(h, owner, sessionId, 'pending-person@example.test', 'Pat');
    await h.database.db
      .update(participants)
      .set({
        travelOk: true,
        travelTimeSeconds: 2489,
        distanceMeters: 31_337,
        departureTime: new Date(DEPARTS),
        arrivalTime: new Date(ARRIVES),
      })
      .where(and(eq(participants.sessionId, sessionId), eq(participants.userId, member.id)));

    const res = await getSession(h, sessionId);
    expect(res.statusCode).toBe(200);
    const { session } = sessionResponseSchema.parse(res.json());
    expect(session.viewerRole).toBe('guest');

    for (const secret of [
      owner.id,
      member.id,
      owner.email,
      member.email,
      'pending-person@example.test',
      'user:',
      'invite:',
      pending.id,
      '31337',
      '2489',
      DEPARTS,
      ARRIVES,
    ]) {
      expect(res.body).not.toContain(secret);
    }
    expect(session.creatorUserId).toBeNull();

    const ids = session.participants.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const p of session.participants) {
      expect(p.id).toMatch(/^p-[A-Za-z0-9_-]{16}$/);
      expect(p.userId).toBeNull();
      expect(p.email ?? null).toBeNull();
      expect(p.distanceMeters).toBeNull();
      for (const x of [p.lat, p.lon]) if (x !== null) expect(Math.round(x * 100) / 100).toBe(x);
      for (const t of [p.departureTime, p.arrivalTime, p.updatedAt])
        if (t !== null) expect(Date.parse(t) % FIVE_MINUTES).toBe(0);
    }
    const rosa = session.participants.find((p) => p.name === 'Rosa')!;
    expect(rosa).toMatchObject({
      lat: 47.61,
      lon: -122.33,
      travelTimeSeconds: 2400,
      departureTime: '2031-05-04T10:20:00.000Z',
      arrivalTime: '2031-05-04T11:00:00.000Z',
    });
    expect(session.participants.find((p) => p.isOwner)).toMatchObject({
      name: '',
      label: 'Participant',
    });
    expect(session.participants.map((p) => p.name)).toEqual(
      expect.arrayContaining(['Mom', 'Rosa', 'Pat']),
    );

    // The travel results name the same opaque ids, with no distance and rounded times.
    const result = session.travel.results.find((r) => r.participantId === rosa.id)!;
    expect(result).toEqual({
      participantId: rosa.id,
      ok: true,
      travelTimeSeconds: 2400,
      distanceMeters: null,
      departureTime: rosa.departureTime,
      arrivalTime: rosa.arrivalTime,
    });
    expect(session.travel.results.map((r) => r.participantId).sort()).toEqual([...ids].sort());
    expect(session.invites.map((i) => i.email ?? null)).toEqual([null]);
    expect(session.invites[0]!.code).toBeUndefined();

    // The same ids on the next read; a member still sees the real ones.
    expect(
      sessionResponseSchema
        .parse((await getSession(h, sessionId)).json())
        .session.participants.map((p) => p.id),
    ).toEqual(ids);
    const mine = sessionResponseSchema.parse(
      (await getSession(h, sessionId, member.token)).json(),
    ).session;
    expect(mine.creatorUserId).toBe(owner.id);
    expect(mine.participants.find((p) => p.userId === member.id)).toMatchObject({
      id: `user:${member.id}`,
      distanceMeters: 31_337,
      departureTime: DEPARTS,
    });
  });
});
