import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRateLimiter } from '../src/rate-limit.js';
import type { RateLimiter } from '../src/rate-limit.js';
import { createRedis } from '../src/redis.js';
import { testRedisUrl, eventually as waitFor, deleteKeys } from '../src/testing.js';

const REDIS_URL = testRedisUrl();

async function keysUnder(redis: Redis, prefix: string): Promise<string[]> {
  const found: string[] = [];
  for await (const keys of redis.scanStream({ match: `${prefix}*`, count: 500 }))
    found.push(...(keys as string[]));
  return found;
}

let redis: Redis;
let prefix: string;
let limiter: RateLimiter;

beforeEach(() => {
  redis = createRedis(REDIS_URL);
  prefix = `test-${randomUUID()}`;
  limiter = createRateLimiter(redis, `${prefix}:rl:login`);
});

afterEach(async () => {
  await deleteKeys(redis, prefix);
  await redis.quit();
});

const JOIN = { limit: 5, windowSeconds: 60, lockSeconds: 300 };

describe('rate limiter', () => {
  it('allows up to the limit within the window, then denies until the window ends', async () => {
    const rule = { limit: 3, windowSeconds: 60 };
    for (let i = 1; i <= 3; i += 1) {
      expect(await limiter.hit('a@example.com', rule)).toEqual({
        allowed: true,
        retryAfterSeconds: 0,
        count: i,
      });
    }
    const denied = await limiter.hit('a@example.com', rule);
    expect(denied).toMatchObject({ allowed: false, count: 4 });
    expect(denied.retryAfterSeconds).toBeGreaterThanOrEqual(59);
    expect(denied.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(await limiter.check('a@example.com', rule)).toMatchObject({ allowed: false, count: 4 });
  });

  it('check reports the state without counting an attempt', async () => {
    const rule = { limit: 2, windowSeconds: 60 };
    await limiter.check('ip:10.0.0.1', rule);
    await limiter.check('ip:10.0.0.1', rule);
    expect(await limiter.check('ip:10.0.0.1', rule)).toEqual({
      allowed: true,
      retryAfterSeconds: 0,
      count: 0,
    });
    await limiter.hit('ip:10.0.0.1', rule);
    expect(await limiter.check('ip:10.0.0.1', rule)).toEqual({
      allowed: true,
      retryAfterSeconds: 0,
      count: 1,
    });
  });

  it('locks for lockSeconds once 5 attempts are reached and stops counting while locked', async () => {
    for (let i = 0; i < 5; i += 1)
      expect((await limiter.hit('session-1', JOIN)).allowed).toBe(true);

    const checked = await limiter.check('session-1', JOIN);
    expect(checked.allowed).toBe(false);
    expect(checked.retryAfterSeconds).toBeGreaterThanOrEqual(299);
    expect(checked.retryAfterSeconds).toBeLessThanOrEqual(300);

    const hit = await limiter.hit('session-1', JOIN);
    expect(hit).toMatchObject({ allowed: false, count: 5 });
    expect(hit.retryAfterSeconds).toBeGreaterThanOrEqual(299);
  });

  it('keeps the lock after the counting window has ended', async () => {
    const rule = { limit: 2, windowSeconds: 1, lockSeconds: 30 };
    await limiter.hit('session-1', rule);
    await limiter.hit('session-1', rule);

    await waitFor(async () => (await limiter.check('session-1', rule)).count === 0, {
      timeoutMs: 3_000,
    });
    const checked = await limiter.check('session-1', rule);
    expect(checked.allowed).toBe(false);
    expect(checked.retryAfterSeconds).toBeGreaterThan(25);
  });

  it('allows again once the window expires when no lock is configured', async () => {
    const rule = { limit: 1, windowSeconds: 1 };
    await limiter.hit('a@example.com', rule);
    expect((await limiter.hit('a@example.com', rule)).allowed).toBe(false);

    await waitFor(async () => (await limiter.check('a@example.com', rule)).allowed, {
      timeoutMs: 3_000,
    });
    expect(await limiter.hit('a@example.com', rule)).toEqual({
      allowed: true,
      retryAfterSeconds: 0,
      count: 1,
    });
  });

  it('counts keys independently and reset clears the count and the lock', async () => {
    for (let i = 0; i < 5; i += 1) await limiter.hit('session-1', JOIN);
    expect((await limiter.check('session-2', JOIN)).allowed).toBe(true);

    await limiter.reset('session-1');
    expect(await limiter.check('session-1', JOIN)).toEqual({
      allowed: true,
      retryAfterSeconds: 0,
      count: 0,
    });
    expect(await keysUnder(redis, prefix)).toEqual([]);
  });

  it('reserve admits exactly `limit` of many parallel attempts and counts none of the refused ones', async () => {
    const rule = { limit: 5, windowSeconds: 60, lockSeconds: 120 };
    const results = await Promise.all(
      Array.from({ length: 40 }, () => limiter.reserve('a@example.com', rule)),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    const refused = results.filter((r) => !r.allowed);
    expect(refused).toHaveLength(35);
    expect(Math.min(...refused.map((r) => r.retryAfterSeconds))).toBeGreaterThan(60);
    expect(await redis.get(`${prefix}:rl:login:a@example.com:count`)).toBe('5');
  });

  it('reserve without a lock refuses past the limit until the window ends', async () => {
    const rule = { limit: 2, windowSeconds: 60 };
    expect((await limiter.reserve('k', rule)).allowed).toBe(true);
    expect((await limiter.reserve('k', rule)).allowed).toBe(true);
    const refused = await limiter.reserve('k', rule);
    expect(refused).toMatchObject({ allowed: false, count: 2 });
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(59);
  });

  it('release gives one reserved attempt back and lifts the lock it set', async () => {
    const rule = { limit: 2, windowSeconds: 60, lockSeconds: 300 };
    await limiter.reserve('k', rule);
    await limiter.reserve('k', rule);
    expect((await limiter.check('k', rule)).allowed).toBe(false);
    await limiter.release('k', rule);
    expect(await limiter.check('k', rule)).toMatchObject({ allowed: true, count: 1 });
    await limiter.release('k', rule);
    await limiter.release('k', rule);
    expect(await limiter.check('k', rule)).toMatchObject({ allowed: true, count: 0 });
  });
});
