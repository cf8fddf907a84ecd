import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SESSION_FRAME_MAX_PARTICIPANTS,
  SESSION_FRAME_MAX_SUGGESTION_CELLS,
  TOPICS,
  planLimits,
  sessionResponseSchema,
  type Session,
  type SessionNudge,
  type TravelComputedData,
} from '@oneeta/contracts';
import {
  createSessionSubscriber,
  queriesSent,
  streamKey,
  type SessionSubscriber,
} from '@oneeta/service-kit';
import { eventually, testRedisUrl } from '@oneeta/service-kit/testing';
import { participants } from '../src/store/schema.js';
import { bearer, createSession } from './factories.js';
import {
  INTERNAL_TOKEN,
  startSession,
  startTravelConsumerOn,
  type SessionHarness,
  type TestUser,
} from './helpers.js';

/**
 * The `refresh-session` frame carries the session's new revision and the change itself (what every
 * member sees of the participants it touched, the travel summary), so pages apply it without a
 * fetch; results that change nothing send no frame; a read costs one query while nothing changed.
 */
let h: SessionHarness;
let consumer: { stop(): Promise<void>; ready: Promise<void> };
let subscriber: SessionSubscriber;
const frames: SessionNudge[] = [];

beforeAll(async () => {
  // The relay runs when a write wakes it (no polling), so the query counts are the requests' own.
  h = await startSession({
    ROUTE_JOB_DEBOUNCE_MS: '60000',
    ROUTE_COALESCE_MS: '60000',
    OUTBOX_POLL_MS: '600000',
  });
  consumer = await startTravelConsumerOn(h, 'frames-1');
  subscriber = createSessionSubscriber(testRedisUrl(), h.prefix, (_id, message) =>
    frames.push(message),
  );
});
afterAll(async () => {
  await subscriber.close();
  await consumer.stop();
  await h.close();
});

const framesOf = (sessionId: string) =>
  frames.filter(
    (f): f is Extract<SessionNudge, { type: 'refresh-session' }> =>
      f.type === 'refresh-session' && f.sessionId === sessionId,
  );
const read = async (id: string, u: TestUser): Promise<Session> => {
  const res = await h.app.inject({
    method: 'GET',
    url: `/api/sessions/${id}`,
    headers: bearer(u.token),
  });
  expect(res.statusCode).toBe(200);
  return sessionResponseSchema.parse(res.json()).session;
};
const share = (u: TestUser, latitude: number) =>
  h.app.inject({
    method: 'PUT',
    url: '/api/location',
    headers: bearer(u.token),
    payload: { latitude, longitude: -122.33, accuracy: 10, timestamp: Date.now() },
  });

/** A premium owner's session with two signed-in members. */
async function group() {
  const owner = await h.user({ plan: 'premium' });
  const members = [await h.user(), await h.user()];
  const s = await createSession(h, owner, {
    participants: [{ id: `user:${owner.id}`, lat: 47.6, lon: -122.3 }],
  });
  await h.database.db.insert(participants).values(
    members.map((m, i) => ({
      sessionId: s.sessionId,
      id: `user:${m.id}`,
      userId: m.id,
      name: `M${i}`,
      status: 'active' as const,
      position: i + 1,
      lat: 47.5,
      lon: -122.2,
    })),
  );
  await subscriber.subscribe(s.sessionId);
  return { owner, members, s };
}

describe('refresh-session frames', () => {
  it('a move carries the new revision and the mover as every member sees them, and nobody else', async () => {
    const { owner, members, s } = await group();
    expect((await share(members[0]!, 47.55)).statusCode).toBe(200);
    await eventually(() =>
      framesOf(s.sessionId).some((f) => f.changes?.participants.some((p) => p.lat === 47.55)),
    );
    const frame = framesOf(s.sessionId).at(-1)!;
    const seen = await read(s.sessionId, owner);
    expect(frame.revision).toBe(seen.revision);
    expect(frame.changes!.participants).toEqual(
      seen.participants.filter((p) => p.userId === members[0]!.id),
    );
    expect(frame.changes!.travel).toEqual(seen.travel);
    expect(frame.changes!.updatedAt).toBe(seen.updatedAt);
    // A move alone changes nothing session.changed or session.schedule carry: neither goes out.
    await h.drained();
    for (const topic of [TOPICS.sessionChanged, TOPICS.sessionSchedule]) {
      const entries = await h.redis.xrange(streamKey(h.prefix, topic), '-', '+');
      const reasons = entries
        .map(([, f]) => JSON.parse(f[1]!).data)
        .filter((d) => d.sessionId === s.sessionId)
        .map((d) => d.reason ?? 'schedule');
      expect(reasons).toEqual(topic === TOPICS.sessionChanged ? ['saved'] : ['schedule']);
    }
  });

  it('new travel results carry everyone and the travel summary; the same results again send no frame', async () => {
    const { owner, members, s } = await group();
    const ids = [`user:${owner.id}`, ...members.map((m) => `user:${m.id}`)];
    const computed = (at: string, jobId: string): TravelComputedData => ({
      sessionId: s.sessionId,
      jobId,
      computedAt: at,
      results: ids.map((participantId, i) => ({
        participantId,
        ok: true,
        travelTimeSeconds: 600 + i * 60,
        distanceMeters: 8000,
        departureTime: null,
        arrivalTime: null,
      })),
    });
    const t0 = Date.now() + 1000;
    await h.bus.publish(TOPICS.travelComputed, computed(new Date(t0).toISOString(), 'j1'));
    await eventually(() =>
      framesOf(s.sessionId).some(
        (f) =>
          f.changes?.travel.earliestArrival !== null &&
          f.changes?.travel.earliestArrival !== undefined,
      ),
    );
    const first = framesOf(s.sessionId).at(-1)!;
    const seen = await read(s.sessionId, owner);
    expect(first.revision).toBe(seen.revision);
    expect(first.changes!.participants).toEqual(seen.participants);
    expect(first.changes!.travel).toEqual(seen.travel);

    // 5 s later, the same durations: the earliest arrival moves by less than TRAVEL_UNCHANGED_SECONDS.
    await h.bus.publish(TOPICS.travelComputed, computed(new Date(t0 + 5_000).toISOString(), 'j2'));
    // 2 min later the earliest arrival moves by 2 min: a change again.
    await h.bus.publish(
      TOPICS.travelComputed,
      computed(new Date(t0 + 120_000).toISOString(), 'j3'),
    );
    await eventually(() => framesOf(s.sessionId).some((f) => f.revision === first.revision! + 1));
    await h.drained();
    const after = framesOf(s.sessionId).filter((f) => f.revision! >= first.revision!);
    expect(after.map((f) => f.revision)).toEqual([first.revision, first.revision! + 1]);
    expect((await read(s.sessionId, owner)).revision).toBe(first.revision! + 1);
  });
});

describe('suggestion frames', () => {
  const propose = (id: string, u: TestUser, count: number) =>
    h.app.inject({
      method: 'POST',
      url: `/api/sessions/${id}/suggestions`,
      headers: bearer(u.token),
      payload: {
        candidates: Array.from({ length: count }, (_, i) => ({
          name: `Place ${i}`,
          position: { lat: 47.6 + i * 0.01, lon: -122.3 },
        })),
      },
    });
  const matrix = (id: string, sid: string, ids: string[], count: number) =>
    h.app.inject({
      method: 'POST',
      url: `/internal/sessions/${id}/suggestions/${sid}/matrix`,
      headers: { 'x-internal-token': INTERNAL_TOKEN },
      payload: {
        jobId: sid,
        computedAt: new Date().toISOString(),
        participantIds: ids,
        candidates: [],
        travel: Array.from({ length: count }, (_, c) => ids.map((_, p) => 600 + c * 60 + p)),
      },
    });
  /** The newest frame of the session once `seen` holds for one. */
  const frameWhere = async (
    sessionId: string,
    seen: (f: ReturnType<typeof framesOf>[number]) => boolean,
  ) => {
    await eventually(() => framesOf(sessionId).some(seen));
    return framesOf(sessionId).filter(seen).at(-1)!;
  };
  /** The frame is the session at its revision as `u` reads it, the suggestion without their own vote. */
  async function expectCarried(frame: ReturnType<typeof framesOf>[number], u: TestUser) {
    const seen = await read(frame.sessionId, u);
    expect(frame.revision).toBe(seen.revision);
    const { myVote: _own, ...shared } = seen.suggestion!;
    expect(frame.changes!.suggestion).toEqual(shared);
    expect(frame.changes!.participants).toEqual([]);
    return seen;
  }

  it('the proposal, the travel times and each vote carry the suggestion as every member sees it', async () => {
    const { owner, members, s } = await group();
    const res = await propose(s.sessionId, owner, 2);
    expect(res.statusCode, res.body).toBe(201);
    const sid = (res.json() as { suggestion: { id: string } }).suggestion.id;
    const proposed = await frameWhere(s.sessionId, (f) => f.changes?.suggestion?.id === sid);
    expect(proposed.changes!.suggestion!.status).toBe('pending');
    await expectCarried(proposed, owner);

    const ids = [`user:${owner.id}`, ...members.map((m) => `user:${m.id}`)];
    expect((await matrix(s.sessionId, sid, ids, 2)).json()).toEqual({ outcome: 'stored' });
    const result = await frameWhere(s.sessionId, (f) => f.changes?.suggestion?.status === 'ready');
    expect(result.revision).toBe(proposed.revision! + 1);
    expect(result.changes!.suggestion!.ranked.map((c) => c.name)).toEqual(['Place 0', 'Place 1']);
    await expectCarried(result, owner);

    const vote = (u: TestUser, method: 'POST' | 'DELETE', index?: number) =>
      h.app.inject({
        method,
        url: `/api/sessions/${s.sessionId}/suggestions/${sid}/votes`,
        headers: bearer(u.token),
        ...(index === undefined ? {} : { payload: { index } }),
      });
    expect((await vote(members[0]!, 'POST', 1)).statusCode).toBe(200);
    const voted = await frameWhere(
      s.sessionId,
      (f) => f.changes?.suggestion?.candidates[1]?.votes === 1,
    );
    expect(voted.revision).toBe(result.revision! + 1);
    expect(voted.changes!.suggestion).not.toHaveProperty('myVote');
    // What differs per member is not on the frame: the voter reads their vote, the others none.
    expect((await expectCarried(voted, members[0]!)).suggestion!.myVote).toBe(1);
    expect((await expectCarried(voted, owner)).suggestion!.myVote).toBeNull();

    expect((await vote(members[0]!, 'DELETE')).statusCode).toBe(200);
    const withdrawn = await frameWhere(s.sessionId, (f) => f.revision === voted.revision! + 1);
    expect(withdrawn.changes!.suggestion!.candidates.map((c) => c.votes)).toEqual([0, 0]);
    await expectCarried(withdrawn, members[0]!);
  });

  it('a suggestion with more travel times than a frame holds sends the frame without changes', async () => {
    const { owner, s } = await group();
    const others = Array.from({ length: SESSION_FRAME_MAX_PARTICIPANTS }, (_, i) => ({
      sessionId: s.sessionId,
      id: `g${i}`,
      name: `G${i}`,
      status: 'active' as const,
      position: 10 + i,
      lat: 47.5,
      lon: -122.2,
    }));
    await h.database.db.insert(participants).values(others);
    const places = planLimits('premium').suggestionCandidates;
    const res = await propose(s.sessionId, owner, places);
    expect(res.statusCode, res.body).toBe(201);
    const sid = (res.json() as { suggestion: { id: string } }).suggestion.id;
    const proposed = await frameWhere(s.sessionId, (f) => f.changes?.suggestion?.id === sid);
    const seen = await read(s.sessionId, owner);
    const ids = seen.participants.map((p) => p.id);
    expect(places * ids.length).toBeGreaterThan(SESSION_FRAME_MAX_SUGGESTION_CELLS);
    expect((await matrix(s.sessionId, sid, ids, places)).json()).toEqual({ outcome: 'stored' });
    const result = await frameWhere(s.sessionId, (f) => f.revision === proposed.revision! + 1);
    expect(result.changes).toBeUndefined();
    expect((await read(s.sessionId, owner)).suggestion!.status).toBe('ready');
  });
});

describe('reads', () => {
  /** Statements sent while `fn` runs (this process's own counter). */
  async function queriesDuring(fn: () => Promise<unknown>) {
    await h.drained();
    const before = queriesSent();
    await fn();
    return queriesSent() - before;
  }

  it('GET /api/sessions/:id costs one query while the session has not changed, and shows a change at once', async () => {
    const { owner, members, s } = await group();
    await read(s.sessionId, owner);
    const reads = await queriesDuring(async () => {
      for (let i = 0; i < 10; i++) await read(s.sessionId, members[i % 2]!);
    });
    expect(reads).toBeLessThanOrEqual(10);
    expect((await share(members[1]!, 47.45)).statusCode).toBe(200);
    const after = await read(s.sessionId, owner);
    expect(after.participants.find((p) => p.userId === members[1]!.id)?.lat).toBe(47.45);
  });

  it('the membership check reads membership only: one query', async () => {
    const { members, s } = await group();
    const outsider = await h.user();
    const check = (userId: string) =>
      h.app.inject({
        method: 'GET',
        url: `/internal/sessions/${s.sessionId}/members/${userId}`,
        headers: { 'x-internal-token': INTERNAL_TOKEN },
      });
    const answers: unknown[] = [];
    const queries = await queriesDuring(async () => {
      for (const u of [...members, outsider]) answers.push((await check(u.id)).json());
    });
    expect(answers).toEqual([
      { member: true, role: 'participant' },
      { member: true, role: 'participant' },
      { member: false, role: null },
    ]);
    expect(queries).toBe(3);
  });
});
