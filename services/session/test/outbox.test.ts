import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TOPICS,
  type EventEnvelope,
  type RouteMatrixJob,
  type SessionChangedData,
  type SessionNudge,
} from '@oneeta/contracts';
import {
  createRedis,
  createSessionSubscriber,
  streamKey,
  type SessionSubscriber,
} from '@oneeta/service-kit';
import { eventually, startRedisServer } from '@oneeta/service-kit/testing';
import type { AddressInfo } from 'node:net';
import { registerUser, startAuth, STRONG_PASSWORD, type AuthHarness } from '@oneeta/auth/testing';
import { createSession, futureIso, saveSession, sessionBody } from './factories.js';
import { startSession, type SessionHarness } from './helpers.js';
import { clearRouteJobs } from './membership.js';

/**
 * The session service on a Redis of its own that the test takes away: a write while Redis is down
 * still answers 200, and its route job, session.changed and /ws nudge arrive once Redis is back.
 * The caller's account comes from the real auth service (on the shared test Redis): with the
 * account view out of reach, the session service asks auth itself.
 */
let redisServer: Awaited<ReturnType<typeof startRedisServer>>;
let auth: AuthHarness;
let redisDown = false;
let h: SessionHarness;
let subscriber: SessionSubscriber;
const nudges: SessionNudge[] = [];

beforeAll(async () => {
  redisServer = await startRedisServer();
  // A long debounce keeps the job delayed, so the test sees it in the queue; the relay runs only
  // when a write (or the test) wakes it, so the nudge is sent once the subscriber is back.
  auth = await startAuth();
  await auth.app.listen({ port: 0, host: '127.0.0.1' });
  const authUrl = `http://127.0.0.1:${(auth.app.server.address() as AddressInfo).port}`;
  h = await startSession(
    { ROUTE_JOB_DEBOUNCE_MS: '60000', OUTBOX_POLL_MS: '600000', AUTH_URL: authUrl },
    { redisUrl: redisServer.url, jwks: auth.keys.jwks },
  );
  subscriber = createSessionSubscriber(redisServer.url, h.prefix, (_id, message) =>
    nudges.push(message),
  );
});
afterAll(async () => {
  if (redisDown) await redisServer.start(); // the test failed mid-way: closing the harness needs its Redis
  await subscriber.close();
  await h.close();
  await auth.close();
  await redisServer.stop();
});

/** A premium user of the real auth service, with the token it issued. */
async function premiumUser() {
  const registered = await registerUser(auth);
  const plan = await auth.app.inject({
    method: 'PUT',
    url: `/internal/users/${registered.user.id}/plan`,
    headers: { 'x-internal-token': auth.config.INTERNAL_TOKEN! },
    payload: { plan: 'premium' },
  });
  expect(plan.statusCode).toBe(200);
  const login = await auth.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: registered.user.email, password: STRONG_PASSWORD },
  });
  expect(login.statusCode).toBe(200);
  const { token, user } = login.json() as {
    token: string;
    user: { id: string; email: string; name: string | null };
  };
  return { ...user, plan: 'premium' as const, isAdmin: false, emailVerified: false, token };
}

async function changedEvents(sessionId: string) {
  const reader = createRedis(redisServer.url);
  try {
    const entries = await reader.xrange(streamKey(h.prefix, TOPICS.sessionChanged), '-', '+');
    return entries
      .map(([, fields]) => JSON.parse(fields[1]!) as EventEnvelope<SessionChangedData>)
      .filter((e) => e.data.sessionId === sessionId);
  } finally {
    reader.disconnect();
  }
}

describe('a session write while Redis is down', () => {
  it('a save answers 200, keeps the route job, session.changed and the nudge, and delivers each once when Redis is back', async () => {
    const me = await premiumUser();
    const s = await createSession(h, me);
    await clearRouteJobs(h, s.sessionId);
    await subscriber.subscribe(s.sessionId);

    await redisServer.stop();
    redisDown = true;
    const res = await saveSession(
      h,
      me.token,
      sessionBody({ sessionId: s.sessionId, arriveAt: futureIso(30 * 3600_000) }),
    );
    expect(res.statusCode).toBe(200);
    // Nothing could be delivered: the four messages (route job, session.changed, session.schedule, nudge) wait in the outbox.
    await eventually(async () => (await h.delivery.relay.pending()) === 4);

    await redisServer.start(); // an empty Redis: whatever arrives now came from the outbox
    redisDown = false;
    const probe = createRedis(redisServer.url);
    await eventually(
      async () => {
        const [, count] = (await probe.pubsub('NUMSUB', `${h.prefix}:session:${s.sessionId}`)) as [
          string,
          number,
        ];
        return count > 0;
      },
      { timeoutMs: 10_000 },
    );
    probe.disconnect();
    await eventually(
      async () => {
        h.delivery.relay.wake();
        return (await h.delivery.relay.pending()) === 0;
      },
      { timeoutMs: 10_000, intervalMs: 100 },
    );
    const jobs = (await h.routeQueue.getJobs(['delayed', 'waiting', 'prioritized'])).filter(
      (j) => (j.data as RouteMatrixJob).sessionId === s.sessionId,
    );
    expect(jobs.map((j) => j.data)).toEqual([
      expect.objectContaining({ sessionId: s.sessionId, reason: 'save' }),
    ]);
    const events = await changedEvents(s.sessionId);
    expect(events).toEqual([
      expect.objectContaining({
        data: expect.objectContaining({
          sessionId: s.sessionId,
          reason: 'saved',
          creatorUserId: me.id,
        }),
      }),
    ]);
    await eventually(
      () => nudges.some((n) => n.sessionId === s.sessionId && n.type === 'refresh-session'),
      { timeoutMs: 10_000 },
    );
  });
});
