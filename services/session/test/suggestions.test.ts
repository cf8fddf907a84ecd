import { eq } from 'drizzle-orm';
import {
  JOBS,
  QUEUES,
  sessionResponseSchema,
  suggestionMatrixInputSchema,
  suggestionResponseSchema,
  type Plan,
  type Suggestion,
} from '@oneeta/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { participants, suggestions } from '../src/store/schema.js';
import { bearer, createSession, getSession } from './factories.js';
import { INTERNAL_TOKEN, startSession, type SessionHarness, type TestUser } from './helpers.js';
import { join } from './membership.js';

/**
 * "Where should we meet?" through the real app: who may propose, view and vote, the plan's limit
 * on candidates, the suggestion-matrix job written with it, the worker's matrix coming back over
 * the internal route, and the suggestion ending when the participants change or its hour is up.
 */
let h: SessionHarness;
beforeAll(async () => {
  h = await startSession();
});
afterAll(async () => {
  await h.close();
});

const place = (i: number) => ({
  name: `Place ${i}`,
  position: { lat: 47.6 + i * 0.01, lon: -122.3 },
});
const places = (n: number) => Array.from({ length: n }, (_, i) => place(i));

/** An owner with a position and two positioned guests (no accounts). */
async function group(plan: Plan = 'premium') {
  const owner = await h.user({ plan });
  const s = await createSession(h, owner, {
    participants: [
      { id: `user:${owner.id}`, lat: 47.6, lon: -122.33 },
      { id: 'g1', name: 'Guest One', lat: 47.5, lon: -122.2 },
      { id: 'g2', name: 'Guest Two', lat: 47.7, lon: -122.4 },
    ],
  });
  return { owner, id: s.sessionId };
}

const propose = (id: string, u: TestUser | null, payload: object) =>
  h.app.inject({
    method: 'POST',
    url: `/api/sessions/${id}/suggestions`,
    headers: u ? bearer(u.token) : {},
    payload,
  });
const read = (id: string, sid: string, u: TestUser) =>
  h.app.inject({
    method: 'GET',
    url: `/api/sessions/${id}/suggestions/${sid}`,
    headers: bearer(u.token),
  });
const vote = (id: string, sid: string, u: TestUser, index: number | null) =>
  h.app.inject({
    method: 'POST',
    url: `/api/sessions/${id}/suggestions/${sid}/votes`,
    headers: bearer(u.token),
    payload: { index },
  });
const internal = (method: 'GET' | 'POST', url: string, payload?: object) =>
  h.app.inject({ method, url, headers: { 'x-internal-token': INTERNAL_TOKEN }, payload });
const created = (res: { statusCode: number; body: string; json(): unknown }): Suggestion => {
  expect(res.statusCode, res.body).toBe(201);
  return suggestionResponseSchema.parse(res.json()).suggestion;
};

describe('suggestions: plan limits', () => {
  it('lets a Free owner compare 3 places and refuses 4 with the upgrade message', async () => {
    const { owner, id } = await group('free');
    const over = await propose(id, owner, { candidates: places(4) });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({
      error: 'Free plan can compare up to 3 places. Upgrade to compare more.',
      code: 'suggestion_limit',
    });
    expect((await propose(id, owner, { category: 'cafe', limit: 4 })).statusCode).toBe(400);
    expect(created(await propose(id, owner, { candidates: places(3) })).candidates).toHaveLength(3);
  });

  it('lets a paid owner compare 10 places and refuses 11', async () => {
    for (const plan of ['standard', 'premium', 'enterprise'] as const) {
      const { owner, id } = await group(plan);
      const over = await propose(id, owner, { candidates: places(11) });
      expect(over.statusCode).toBe(400);
      expect(over.json().error).toBe('Your plan can compare up to 10 places at a time');
      expect(created(await propose(id, owner, { candidates: places(10) })).candidates).toHaveLength(
        10,
      );
    }
  });

  it('defaults a category search to the plan’s number of places', async () => {
    const { owner, id } = await group('free');
    const s = created(await propose(id, owner, { category: 'park' }));
    expect(s).toMatchObject({
      mode: 'category',
      category: 'park',
      status: 'pending',
      candidates: [],
    });
    const input = suggestionMatrixInputSchema.parse(
      (await internal('GET', `/internal/sessions/${id}/suggestions/${s.id}/matrix-input`)).json(),
    );
    expect(input.search).toMatchObject({ category: 'park', limit: 3 });
    expect(input.search!.centre).toEqual(s.centre);
    expect(input.origins).toHaveLength(3);
  });

  it('refuses both candidates and a category, and a suggestion nobody has a position for', async () => {
    const { owner, id } = await group();
    const both = await propose(id, owner, { candidates: places(2), category: 'bar' });
    expect(both.statusCode).toBe(400);
    const lone = await h.user({ plan: 'premium' });
    const s = await createSession(h, lone);
    const none = await propose(s.sessionId, lone, { candidates: places(2) });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'no_positions' });
  });
});

describe('suggestions: who may do what', () => {
  it('owner proposes; members view and vote; strangers get 403, anonymous 401, unknown 404', async () => {
    const { owner, id } = await group();
    const member = await h.user({ name: 'Mia' });
    await join(h, owner, id, member);
    const stranger = await h.user({ plan: 'premium' });

    expect((await propose(id, member, { candidates: places(2) })).statusCode).toBe(403);
    expect((await propose(id, stranger, { candidates: places(2) })).statusCode).toBe(403);
    expect((await propose(id, null, { candidates: places(2) })).statusCode).toBe(401);
    expect((await propose('zzzzzzz', owner, { candidates: places(2) })).statusCode).toBe(404);

    const s = created(await propose(id, owner, { candidates: places(3) }));
    expect((await read(id, s.id, member)).statusCode).toBe(200);
    expect((await read(id, s.id, stranger)).statusCode).toBe(403);
    expect((await read(id, 'nope', member)).statusCode).toBe(404);
    expect((await vote(id, s.id, stranger, 0)).statusCode).toBe(403);

    const voted = await vote(id, s.id, member, 2);
    expect(voted.statusCode).toBe(200);
    expect(voted.json().suggestion.myVote).toBe(2);
    // Moving the vote keeps one vote; the owner votes too and sees the counts.
    await vote(id, s.id, member, 1);
    const mine = (await vote(id, s.id, owner, 1)).json().suggestion as Suggestion;
    expect(mine.candidates.map((c) => c.votes)).toEqual([0, 2, 0]);
    expect(mine.myVote).toBe(1);
    expect((await vote(id, s.id, member, 3)).statusCode).toBe(400);
    const withdrawn = await h.app.inject({
      method: 'DELETE',
      url: `/api/sessions/${id}/suggestions/${s.id}/votes`,
      headers: bearer(member.token),
    });
    expect(withdrawn.json().suggestion).toMatchObject({ myVote: null });
    expect(withdrawn.json().suggestion.candidates[1].votes).toBe(1);

    // The session view carries it, with the reader's own vote; guests never see it.
    const view = sessionResponseSchema.parse((await getSession(h, id, owner.token)).json()).session;
    expect(view.suggestion).toMatchObject({ id: s.id, myVote: 1 });
    const guest = sessionResponseSchema.parse((await getSession(h, id)).json()).session;
    expect(guest.suggestion ?? null).toBeNull();
  });
});

describe('suggestions: the matrix job and its result', () => {
  it('writes one suggestion-matrix job with the suggestion and ranks once the matrix is posted', async () => {
    const { owner, id } = await group();
    const s = created(await propose(id, owner, { candidates: places(3) }));
    expect(s.status).toBe('pending');
    expect(s.ranked).toEqual([]);
    await h.drained();
    const job = await h.suggestionQueue.getJob(s.id);
    expect(job?.name).toBe(JOBS[QUEUES.suggestionMatrix].name);
    expect(job?.data).toMatchObject({ sessionId: id, suggestionId: s.id });

    const input = suggestionMatrixInputSchema.parse(
      (await internal('GET', `/internal/sessions/${id}/suggestions/${s.id}/matrix-input`)).json(),
    );
    expect(input.candidates.map((c) => c.name)).toEqual(['Place 0', 'Place 1', 'Place 2']);
    const ids = input.origins.map((o) => o.participantId);
    const before = sessionResponseSchema.parse((await getSession(h, id, owner.token)).json())
      .session.revision;
    const computedAt = '2030-01-01T12:00:00.000Z';
    const posted = await internal('POST', `/internal/sessions/${id}/suggestions/${s.id}/matrix`, {
      jobId: 'j1',
      computedAt,
      participantIds: ids,
      candidates: [],
      // Place 0: longest 1800 s; Place 1: 900 s; Place 2: one person has no route.
      travel: [
        [600, 1800, 900],
        [900, 600, 300],
        [60, null, 60],
      ],
    });
    expect(posted.json()).toEqual({ outcome: 'stored' });
    const ready = suggestionResponseSchema.parse((await read(id, s.id, owner)).json()).suggestion;
    expect(ready.status).toBe('ready');
    expect(ready.ranked.map((r) => r.name)).toEqual(['Place 1', 'Place 0', 'Place 2']);
    expect(ready.ranked[0]).toMatchObject({
      rank: 1,
      index: 1,
      everyoneBy: '2030-01-01T12:15:00.000Z',
      spreadSeconds: 600,
      totalSeconds: 1800,
    });
    expect(ready.ranked[2]).toMatchObject({ everyoneBy: null, unreachableBy: [ids[1]] });
    // Pages learn of it through the session's frame: the revision moved.
    const after = sessionResponseSchema.parse(
      (await getSession(h, id, owner.token)).json(),
    ).session;
    expect(after.revision).toBeGreaterThan(before);
    expect(after.suggestion?.status).toBe('ready');

    const bad = await internal('POST', `/internal/sessions/${id}/suggestions/${s.id}/matrix`, {
      jobId: 'j1',
      computedAt,
      participantIds: ids,
      candidates: [],
      travel: [[1, 2, 3]],
    });
    expect(bad.statusCode).toBe(400);
  });

  it('names a participant without a position as left out', async () => {
    const owner = await h.user({ plan: 'premium' });
    const s0 = await createSession(h, owner, {
      participants: [
        { id: `user:${owner.id}`, lat: 47.6, lon: -122.33 },
        { id: 'g1', name: 'Guest One', lat: 47.5, lon: -122.2 },
      ],
    });
    const member = await h.user({ name: 'Nomad' });
    await join(h, owner, s0.sessionId, member);
    // Their position is dropped (as closing or an old row would leave it).
    await h.database.db
      .update(participants)
      .set({ lat: null, lon: null })
      .where(eq(participants.userId, member.id));
    const s = created(await propose(s0.sessionId, owner, { candidates: places(2) }));
    expect(s.leftOut).toEqual([{ participantId: `user:${member.id}`, name: 'Nomad' }]);
  });
});

describe('suggestions: when they end', () => {
  it('is gone once someone joins, and once its hour is up', async () => {
    const { owner, id } = await group();
    const s = created(await propose(id, owner, { candidates: places(2) }));
    const newcomer = await h.user();
    await join(h, owner, id, newcomer);
    const gone = await read(id, s.id, owner);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({
      error: 'This suggestion has expired. Suggest places again.',
    });
    expect(
      sessionResponseSchema.parse((await getSession(h, id, owner.token)).json()).session.suggestion,
    ).toBeNull();
    expect(
      (await internal('GET', `/internal/sessions/${id}/suggestions/${s.id}/matrix-input`))
        .statusCode,
    ).toBe(404);

    const again = created(await propose(id, owner, { candidates: places(2) }));
    expect(again.expiresAt).toBe(new Date(Date.parse(again.createdAt) + 3600_000).toISOString());
    await h.database.db
      .update(suggestions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(suggestions.id, again.id));
    expect((await read(id, again.id, owner)).statusCode).toBe(404);
    expect((await vote(id, again.id, owner, 0)).statusCode).toBe(404);
  });

  it('is gone once someone is removed', async () => {
    const { owner, id } = await group();
    const s = created(await propose(id, owner, { candidates: places(2) }));
    const removed = await h.app.inject({
      method: 'DELETE',
      url: `/api/sessions/${id}/participants/g1`,
      headers: bearer(owner.token),
    });
    expect(removed.statusCode).toBe(200);
    expect((await read(id, s.id, owner)).statusCode).toBe(404);
  });

  it('replaces the previous suggestion and its votes', async () => {
    const { owner, id } = await group();
    const first = created(await propose(id, owner, { candidates: places(2) }));
    await vote(id, first.id, owner, 0);
    const second = created(await propose(id, owner, { candidates: places(3) }));
    expect(second.candidates.every((c) => c.votes === 0)).toBe(true);
    expect((await read(id, first.id, owner)).json()).toMatchObject({
      code: 'suggestion_not_found',
    });
  });
});
