import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { RouteMatrixJob } from '@oneeta/contracts';
import { participants } from '../src/store/schema.js';
import { bearer, createSession } from './factories.js';
import { startSession, type SessionHarness, type TestUser } from './helpers.js';
import { clearRouteJobs } from './membership.js';

let h: SessionHarness;
beforeAll(async () => {
  // A long debounce keeps each session's job delayed, so the test sees exactly one per session.
  h = await startSession({ ROUTE_JOB_DEBOUNCE_MS: '60000' });
});
afterAll(() => h.close());

const position = {
  latitude: 47.6205,
  longitude: -122.3493,
  accuracy: 8,
  altitude: null,
  heading: 90,
  speed: 1.5,
  timestamp: Date.now(),
  device: 'vitest',
};
const put = (u: TestUser | null, payload: object = position) =>
  h.app.inject({ method: 'PUT', url: '/api/location', headers: u ? bearer(u.token) : {}, payload });
const rowOf = async (sessionId: string, userId: string) =>
  (
    await h.database.db
      .select()
      .from(participants)
      .where(and(eq(participants.sessionId, sessionId), eq(participants.userId, userId)))
  )[0];
const addMember = (
  sessionId: string,
  u: TestUser,
  status: 'active' | 'pending' | 'left' = 'active',
) =>
  h.database.db
    .insert(participants)
    .values({ sessionId, id: `user:${u.id}`, userId: u.id, name: 'Member', status });
const jobsOf = async (sessionId: string) => {
  await h.drained();
  return (await h.routeQueue.getJobs(['delayed', 'waiting'])).filter(
    (j) => (j.data as RouteMatrixJob).sessionId === sessionId,
  );
};

describe('PUT /api/location', () => {
  it('answers 401 without a token and 400 for a bad position', async () => {
    expect((await put(null)).statusCode).toBe(401);
    const u = await h.user();
    for (const bad of [
      { ...position, latitude: 91 },
      { ...position, accuracy: -1 },
      { latitude: 1, longitude: 2 },
    ]) {
      expect((await put(u, bad)).statusCode).toBe(400);
    }
  });

  it('applies to every open session the user is an active participant of, owned or joined, and lists them', async () => {
    const me = await h.user({ plan: 'standard' });
    const other = await h.user({ plan: 'premium' });
    const mine = await createSession(h, me);
    const joined = await createSession(h, other);
    await addMember(joined.sessionId, me);
    const res = await put(me);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ updated: [mine.sessionId, joined.sessionId].sort() });
    for (const id of [mine.sessionId, joined.sessionId]) {
      expect(await rowOf(id, me.id)).toMatchObject({ lat: 47.6205, lon: -122.3493, accuracy: 8 });
    }
    expect(await rowOf(joined.sessionId, other.id)).toMatchObject({ lat: null, lon: null });
  });

  it('leaves closed sessions and sessions the user left or was only invited to untouched', async () => {
    const me = await h.user({ plan: 'premium' });
    const other = await h.user({ plan: 'premium' });
    const closed = await createSession(h, me);
    await h.app.inject({
      method: 'POST',
      url: `/api/sessions/${closed.sessionId}/close`,
      headers: bearer(me.token),
      payload: { confirm: true },
    });
    const left = await createSession(h, other);
    await addMember(left.sessionId, me, 'left');
    const pending = await createSession(h, other);
    await addMember(pending.sessionId, me, 'pending');
    const open = await createSession(h, me);

    expect((await put(me)).json()).toEqual({ updated: [open.sessionId] });
    for (const id of [closed.sessionId, left.sessionId, pending.sessionId]) {
      expect(await rowOf(id, me.id)).toMatchObject({ lat: null, lon: null });
    }
  });

  it('answers an empty list for a user in no open session', async () => {
    expect((await put(await h.user())).json()).toEqual({ updated: [] });
  });

  it('queues one route job per touched session, with reason location', async () => {
    const me = await h.user({ plan: 'premium' });
    const a = await createSession(h, me);
    const b = await createSession(h, me);
    for (const id of [a.sessionId, b.sessionId]) await clearRouteJobs(h, id);
    await put(me);
    await put(me, { ...position, latitude: 47.7 });
    for (const id of [a.sessionId, b.sessionId]) {
      const jobs = await jobsOf(id);
      expect(jobs).toHaveLength(1);
      expect(jobs[0]!.name).toBe('compute');
      expect(jobs[0]!.data).toMatchObject({ sessionId: id, reason: 'location' });
    }
  });
});
