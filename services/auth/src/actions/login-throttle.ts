import { format, MESSAGES, TOPICS, type LoginAlertData } from '@oneeta/contracts';
import { HttpError, redisKey, type Database, type Outbox, type Redis } from '@oneeta/service-kit';
import type { Config } from '../config.js';
import { passwordMatches } from '../domain/password-hash.js';
import type { UserRow } from '../store/schema.js';

/** 429 with Retry-After: a throttled sign-in or a used-up per-address allowance. */
export function tooMany(message: string, seconds: number) {
  return new HttpError(429, format(message, { n: seconds }), 'rate_limited', {
    'retry-after': String(seconds),
  });
}

// KEYS: the (account, address) record. ARGV: now ms, max failures, base delay s, longest delay s, window s.
// Takes one attempt atomically (so parallel guesses cannot pass one check together): refused while
// the previous failure's delay runs; else counted as a failure (until the caller clears it), which
// from the max-th on makes the next attempt wait base seconds, doubling each time, at most the cap.
// The record is forgotten a window after its last delay ends. Returns: allowed (0|1), ms to wait.
const RESERVE = `
local failures = tonumber(redis.call('HGET', KEYS[1], 'failures') or '0')
local nextAt = tonumber(redis.call('HGET', KEYS[1], 'next') or '0')
local now = tonumber(ARGV[1])
if now < nextAt then return {0, nextAt - now} end
failures = failures + 1
local delay = 0
local max = tonumber(ARGV[2])
if failures >= max then delay = math.min(tonumber(ARGV[4]), tonumber(ARGV[3]) * 2 ^ math.min(failures - max, 30)) end
redis.call('HSET', KEYS[1], 'failures', failures, 'next', now + delay * 1000)
redis.call('EXPIRE', KEYS[1], tonumber(ARGV[5]) + math.ceil(delay))
return {1, 0}
`;

// KEYS: the account's hourly failure count. Returns the count with this failure.
const COUNT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('EXPIRE', KEYS[1], 3600) end
return n
`;

export interface LoginThrottleDeps {
  config: Config;
  redis: Redis;
  outbox: Outbox;
  db: Database;
  wakeRelay?: (() => void) | undefined;
}

/**
 * Password checks (sign-in, the current password of a change) held back per account and client
 * address with growing delays, so guessing from one address slows down while the owner signing in
 * elsewhere is never blocked. An account that sees LOGIN_ALERT_FAILURES_PER_HOUR failures in an hour
 * (from any addresses) gets one warning e-mail (account.login_alert), at most once an hour.
 */
export function createLoginThrottle(deps: LoginThrottleDeps) {
  const { config, redis } = deps;
  const prefix = `${config.REDIS_PREFIX}:auth:login`;
  const attemptKey = (email: string, ip: string) =>
    redisKey(prefix, 'attempts', email.toLowerCase(), ip);

  const reserve = async (email: string, ip: string) => {
    const args = [
      Date.now(),
      config.LOGIN_MAX_FAILURES_PER_EMAIL,
      config.LOGIN_DELAY_BASE_SECONDS,
      config.LOGIN_FAILURE_WINDOW_SECONDS,
      config.LOGIN_FAILURE_WINDOW_SECONDS,
    ];
    const [allowed, waitMs] = (await redis.eval(
      RESERVE,
      1,
      attemptKey(email, ip),
      ...args.map(String),
    )) as [number, number];
    if (allowed !== 1)
      throw tooMany(MESSAGES.tooManyLoginAttempts, Math.max(1, Math.ceil(waitMs / 1000)));
  };

  const recordFailure = async (row: UserRow) => {
    const failures = (await redis.eval(COUNT, 1, redisKey(prefix, 'failures', row.id))) as number;
    if (failures < config.LOGIN_ALERT_FAILURES_PER_HOUR) return;
    const first = await redis.set(redisKey(prefix, 'alerted', row.id), '1', 'EX', 3600, 'NX');
    if (first !== 'OK') return;
    const data: LoginAlertData = {
      userId: row.id,
      email: row.email,
      failures,
      since: new Date(Date.now() - 3600_000).toISOString(),
    };
    await deps.outbox.add(deps.db, {
      aggregate: `user:${row.id}`,
      kind: 'event',
      topic: TOPICS.loginAlert,
      data,
    });
    deps.wakeRelay?.();
  };

  return {
    /**
     * Whether `password` is the account's (`row` undefined: no account, false after the same work).
     * 429 with the wait while this address must wait; a right password clears its failures.
     */
    accepted: async (
      row: UserRow | undefined,
      password: string,
      ip: string,
      email = row?.email ?? '',
    ) => {
      await reserve(email, ip);
      const ok = await passwordMatches(row?.passwordHash, password);
      if (ok) await redis.del(attemptKey(email, ip));
      else if (row) await recordFailure(row);
      return ok;
    },
    /** Forgets the account's failures from every address (its password was just reset). */
    clear: async (row: UserRow) => {
      const pattern = `${attemptKey(row.email, '').replace(/[*?[\]\\]/g, '\\$&')}*`;
      for await (const keys of redis.scanStream({ match: pattern, count: 100 }) as AsyncIterable<
        string[]
      >) {
        if (keys.length > 0) await redis.del(...keys);
      }
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
