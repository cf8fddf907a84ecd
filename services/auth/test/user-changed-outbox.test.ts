import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOPICS, type EventEnvelope, type UserChangedData } from '@oneeta/contracts';
import { createRedis, streamKey } from '@oneeta/service-kit';
import { eventually, startRedisServer } from '@oneeta/service-kit/testing';
import { registerUser } from './factories.js';
import { INTERNAL_TOKEN, startAuth, type AuthHarness } from './helpers.js';

/** The auth service on a Redis of its own that the test takes away during a plan change. */
let redisServer: Awaited<ReturnType<typeof startRedisServer>>;
let auth: AuthHarness;
beforeAll(async () => {
  redisServer = await startRedisServer();
  auth = await startAuth({}, { redisUrl: redisServer.url });
});
afterAll(async () => {
  await auth.close();
  await redisServer.stop();
});

describe('user.changed through the outbox', () => {
  it('commits the event with a plan change made while Redis is down and publishes it once Redis is back', async () => {
    const { user } = await registerUser(auth);
    await auth.drained();
    await redisServer.stop();
    const res = await auth.app.inject({
      method: 'PUT',
      url: `/internal/users/${user.id}/plan`,
      headers: { 'x-internal-token': INTERNAL_TOKEN },
      payload: { plan: 'premium' },
    });
    expect(res.statusCode).toBe(200);
    expect(await auth.delivery.relay.pending()).toBe(1);

    await redisServer.start();
    await eventually(async () => (await auth.delivery.relay.pending()) === 0, {
      timeoutMs: 10_000,
    });
    const reader = createRedis(redisServer.url);
    const entries = await reader.xrange(streamKey(auth.prefix, TOPICS.userChanged), '-', '+');
    reader.disconnect();
    const events = entries
      .map(([, f]) => JSON.parse(f[1]!) as EventEnvelope<UserChangedData>)
      .filter((e) => e.data.userId === user.id);
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({ plan: 'premium', changed: ['plan'] });
  });

  it('writes no event when the change is refused (e-mail taken)', async () => {
    const taken = await registerUser(auth);
    const { token, user } = await registerUser(auth);
    const res = await auth.app.inject({
      method: 'PATCH',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${token}` },
      payload: { email: taken.user.email, currentPassword: 'Str0ng!pass' },
    });
    expect(res.statusCode).toBe(409);
    await auth.drained();
    const reader = createRedis(redisServer.url);
    const entries = await reader.xrange(streamKey(auth.prefix, TOPICS.userChanged), '-', '+');
    reader.disconnect();
    expect(
      entries.filter(
        ([, f]) => (JSON.parse(f[1]!) as EventEnvelope<UserChangedData>).data.userId === user.id,
      ),
    ).toEqual([]);
  });
});
