import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionResponseSchema, sessionRevisionResponseSchema } from '@oneeta/contracts';
import { participants } from '../src/store/schema.js';
import { bearer, createSession, futureIso, sessionBody } from './factories.js';
import { INTERNAL_TOKEN, startSession, type SessionHarness, type TestUser } from './helpers.js';

/**
 * Session.revision counts the changes that nudge /ws; the hub reads it from the internal route
 * for its `subscribed` frame, and a page holding that revision skips its catch-up fetch.
 */
let h: SessionHarness;
beforeAll(async () => {
  h = await startSession();
});
afterAll(() => h.close());

const internalRevision = async (id: string) => {
  const res = await h.app.inject({
    method: 'GET',
    url: `/internal/sessions/${id}/revision`,
    headers: { 'x-internal-token': INTERNAL_TOKEN },
  });
  expect(res.statusCode).toBe(200);
  return sessionRevisionResponseSchema.parse(res.json()).revision;
};
const getRevision = async (id: string, u: TestUser) => {
  const res = await h.app.inject({
    method: 'GET',
    url: `/api/sessions/${id}`,
    headers: bearer(u.token),
  });
  expect(res.statusCode).toBe(200);
  return sessionResponseSchema.parse(res.json()).session.revision;
};
const save = (u: TestUser, sessionId: string, arriveAt: string) =>
  h.app.inject({
    method: 'POST',
    url: '/api/sessions',
    headers: bearer(u.token),
    payload: sessionBody({ sessionId, arriveAt }),
  });
const share = (u: TestUser, latitude: number) =>
  h.app.inject({
    method: 'PUT',
    url: '/api/location',
    headers: bearer(u.token),
    payload: { latitude, longitude: -122.33, accuracy: 10, timestamp: Date.now() },
  });

describe('Session.revision', () => {
  it('goes up with each change; the save answer, GET and the internal route agree', async () => {
    const owner = await h.user({ plan: 'premium' });
    const s = await createSession(h, owner);
    expect(s.revision).toBe(1);
    expect(await internalRevision(s.sessionId)).toBe(1);

    const saved = await save(owner, s.sessionId, futureIso(30 * 3600_000));
    expect(saved.statusCode).toBe(200);
    expect(sessionResponseSchema.parse(saved.json()).session.revision).toBe(2);

    expect((await share(owner, 47.61)).statusCode).toBe(200);
    expect(await getRevision(s.sessionId, owner)).toBe(3);
    expect(await internalRevision(s.sessionId)).toBe(3);
    // A read changes nothing.
    expect(await getRevision(s.sessionId, owner)).toBe(3);
  });

  it('counts every one of concurrent changes: the owner saving while members share their location', async () => {
    const owner = await h.user({ plan: 'premium' });
    const members = await Promise.all([h.user(), h.user(), h.user(), h.user()]);
    const s = await createSession(h, owner);
    await h.database.db.insert(participants).values(
      members.map((m, i) => ({
        sessionId: s.sessionId,
        id: `user:${m.id}`,
        userId: m.id,
        name: `M${i}`,
        status: 'active' as const,
        position: i + 1,
      })),
    );
    const answers = await Promise.all([
      ...members.map((m, i) => share(m, 47.6 + i / 100)),
      save(owner, s.sessionId, futureIso(26 * 3600_000)),
      ...members.map((m, i) => share(m, 47.5 + i / 100)),
      save(owner, s.sessionId, futureIso(27 * 3600_000)),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    expect(await internalRevision(s.sessionId)).toBe(1 + answers.length);
  });

  it('the internal route needs the internal token', async () => {
    const owner = await h.user();
    const s = await createSession(h, owner);
    const res = await h.app.inject({
      method: 'GET',
      url: `/internal/sessions/${s.sessionId}/revision`,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('internal_only');
  });
});
