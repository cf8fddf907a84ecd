import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createRedis } from '@oneeta/service-kit';
import { deleteKeys, testRedisUrl, uniquePrefix } from '@oneeta/service-kit/testing';
import { createSendLimit } from '../src/store/send-limit.js';

const redis = createRedis(testRedisUrl());
const prefix = uniquePrefix('chat-limit');
afterAll(async () => {
  await deleteKeys(redis, prefix);
  redis.disconnect();
});

const HOUR = 3600_000;

describe('the sliding hourly send limit (real Redis)', () => {
  it('allows 10 sends in any hour, then the 11th once the oldest is an hour old', async () => {
    const limit = createSendLimit(redis, prefix);
    const user = randomUUID();
    const t0 = Date.now();
    for (let i = 0; i < 10; i++)
      expect((await limit.reserve(user, 10, HOUR, `m${i}`, t0 + i * 60_000)).allowed).toBe(true);
    const refused = await limit.reserve(user, 10, HOUR, 'm10', t0 + 30 * 60_000);
    expect(refused).toEqual({ allowed: false, retryAfterMs: 30 * 60_000 });
    expect((await limit.reserve(user, 10, HOUR, 'm10', t0 + HOUR + 1)).allowed).toBe(true);
    expect((await limit.reserve(user, 10, HOUR, 'm11', t0 + HOUR + 2)).allowed).toBe(false);
  });

  it('gives a reservation back when the send did not happen', async () => {
    const limit = createSendLimit(redis, prefix);
    const user = randomUUID();
    const now = Date.now();
    for (let i = 0; i < 10; i++) await limit.reserve(user, 10, HOUR, `m${i}`, now);
    await limit.release(user, 'm9');
    expect((await limit.reserve(user, 10, HOUR, 'again', now)).allowed).toBe(true);
  });

  it('counts parallel sends exactly: 20 at once, 10 allowed', async () => {
    const limit = createSendLimit(redis, prefix);
    const user = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => limit.reserve(user, 10, HOUR, `p${i}`)),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
  });
});
