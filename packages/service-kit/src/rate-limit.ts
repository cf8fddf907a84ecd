import type { Redis } from 'ioredis';
import { redisKey } from './redis.js';

export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
  /** When set, reaching the limit locks the key for this long. */
  lockSeconds?: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** 0 when allowed; otherwise whole seconds (at least 1) until the lock or the window ends. */
  retryAfterSeconds: number;
  count: number;
}

export interface RateLimiter {
  /** Whether one more attempt would be allowed; counts nothing. */
  check(key: string, rule: RateLimitRule): Promise<RateLimitResult>;
  /** Counts one attempt. The attempt that reaches the limit is allowed; the next ones are not. */
  hit(key: string, rule: RateLimitRule): Promise<RateLimitResult>;
  /**
   * Takes one attempt before doing the guarded work, in one atomic step: refused (and counting
   * nothing) while locked or once `limit` attempts are counted. Use it instead of check-then-hit,
   * which lets parallel requests all pass the check: reserve, do the work, then `reset` (success
   * clears the count) or `release` (this attempt should not count) or nothing (a failure).
   */
  reserve(key: string, rule: RateLimitRule): Promise<RateLimitResult>;
  /** Gives back one reserved attempt; lifts the lock that attempt set on reaching the limit. */
  release(key: string, rule: RateLimitRule): Promise<void>;
  reset(key: string): Promise<void>;
}

// KEYS: count, lock. Returns: count, window PTTL, lock PTTL.
const CHECK_SCRIPT = `
return {tonumber(redis.call('GET', KEYS[1]) or '0'), redis.call('PTTL', KEYS[1]), redis.call('PTTL', KEYS[2])}
`;

// KEYS: count, lock. ARGV: limit, windowSeconds, lockSeconds (0 = none).
// Returns: lockedBefore (0|1), count, window PTTL, lock PTTL.
const HIT_SCRIPT = `
local lockTtl = redis.call('PTTL', KEYS[2])
if lockTtl > 0 then
  return {1, tonumber(redis.call('GET', KEYS[1]) or '0'), redis.call('PTTL', KEYS[1]), lockTtl}
end
local count = redis.call('INCR', KEYS[1])
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('EXPIRE', KEYS[1], ARGV[2]) end
local lockSeconds = tonumber(ARGV[3])
if lockSeconds > 0 and count >= tonumber(ARGV[1]) then
  redis.call('SET', KEYS[2], '1', 'EX', lockSeconds)
  lockTtl = lockSeconds * 1000
end
return {0, count, redis.call('PTTL', KEYS[1]), lockTtl}
`;

// KEYS: count, lock. ARGV: limit, windowSeconds, lockSeconds (0 = none).
// Returns: allowed (0|1), count, window PTTL, lock PTTL.
const RESERVE_SCRIPT = `
local lockTtl = redis.call('PTTL', KEYS[2])
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if lockTtl > 0 then return {0, count, redis.call('PTTL', KEYS[1]), lockTtl} end
local limit = tonumber(ARGV[1])
if count >= limit then return {0, count, redis.call('PTTL', KEYS[1]), lockTtl} end
count = redis.call('INCR', KEYS[1])
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('EXPIRE', KEYS[1], ARGV[2]) end
local lockSeconds = tonumber(ARGV[3])
if lockSeconds > 0 and count >= limit then
  redis.call('SET', KEYS[2], '1', 'EX', lockSeconds)
end
return {1, count, redis.call('PTTL', KEYS[1]), -2}
`;

// KEYS: count, lock. ARGV: limit.
const RELEASE_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count <= 0 then return 0 end
count = redis.call('DECR', KEYS[1])
if count <= 0 then redis.call('DEL', KEYS[1]) end
if count < tonumber(ARGV[1]) then redis.call('DEL', KEYS[2]) end
return count
`;

export function createRateLimiter(redis: Redis, prefix: string): RateLimiter {
  const keys = (key: string) =>
    [redisKey(prefix, key, 'count'), redisKey(prefix, key, 'lock')] as const;

  /** Runs a counting script (HIT or RESERVE): both take the rule and answer four numbers. */
  const counted = async (script: string, key: string, rule: RateLimitRule) =>
    (await redis.eval(
      script,
      2,
      ...keys(key),
      rule.limit,
      rule.windowSeconds,
      rule.lockSeconds ?? 0,
    )) as [number, number, number, number];

  return {
    async check(key, rule) {
      const [countKey, lockKey] = keys(key);
      const [count, windowTtl, lockTtl] = (await redis.eval(
        CHECK_SCRIPT,
        2,
        countKey,
        lockKey,
      )) as [number, number, number];
      if (lockTtl > 0) return denied(count, lockTtl);
      if (count >= rule.limit) return denied(count, windowTtl);
      return { allowed: true, retryAfterSeconds: 0, count };
    },

    async hit(key, rule) {
      const [lockedBefore, count, windowTtl, lockTtl] = await counted(HIT_SCRIPT, key, rule);
      if (lockedBefore) return denied(count, lockTtl);
      if (count > rule.limit) return denied(count, lockTtl > 0 ? lockTtl : windowTtl);
      return { allowed: true, retryAfterSeconds: 0, count };
    },

    async reserve(key, rule) {
      const [allowed, count, windowTtl, lockTtl] = await counted(RESERVE_SCRIPT, key, rule);
      if (allowed) return { allowed: true, retryAfterSeconds: 0, count };
      return denied(count, lockTtl > 0 ? lockTtl : windowTtl);
    },

    async release(key, rule) {
      const [countKey, lockKey] = keys(key);
      await redis.eval(RELEASE_SCRIPT, 2, countKey, lockKey, rule.limit);
    },

    async reset(key) {
      await redis.del(...keys(key));
    },
  };
}

function denied(count: number, ttlMs: number): RateLimitResult {
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(ttlMs / 1000)), count };
}
