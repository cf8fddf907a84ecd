import { format, JOIN_ATTEMPTS, MESSAGES } from '@oneeta/contracts';
import { createRateLimiter, HttpError, type AuthUser, type Redis } from '@oneeta/service-kit';

/** Who is trying: the signed-in user, else the client's IP (as the gateway forwards it). */
export const joinCaller = (user: AuthUser | null, ip: string) =>
  user ? `user:${user.id}` : `ip:${ip}`;

/** The limiter key of one caller's attempts on one session. */
export const joinAttemptKey = (sessionId: string, caller: string) => `${sessionId}:${caller}`;

/** The Redis key prefix of the join-attempt limiter (tests read the counters under it). */
export const joinAttemptsPrefix = (redisPrefix: string) => `${redisPrefix}:rl:join`;

/**
 * doc 1 §5: 5 failed join attempts (validate, accept or decline with a wrong code) per 60 s per
 * session id and caller, then a 5-minute lock; while locked every attempt, even with the right
 * code, answers 429 'Too many attempts. Try again in {n}s' with Retry-After.
 */
export function createJoinAttempts(redis: Redis, redisPrefix: string) {
  const limiter = createRateLimiter(redis, joinAttemptsPrefix(redisPrefix));
  const tooMany = (seconds: number) =>
    new HttpError(429, format(MESSAGES.tooManyAttempts, { n: seconds }), 'too_many_attempts', {
      'retry-after': String(seconds),
    });
  return {
    /**
     * Takes one attempt atomically before the code is looked at, so parallel requests cannot all
     * pass a check made before any of them counted; throws 429 while the caller is locked out or
     * out of attempts. Call `succeeded` when the code was right: that attempt then does not count.
     */
    async reserve(sessionId: string, caller: string) {
      const key = joinAttemptKey(sessionId, caller);
      const result = await limiter.reserve(key, JOIN_ATTEMPTS);
      if (!result.allowed) throw tooMany(result.retryAfterSeconds);
      return { succeeded: () => limiter.release(key, JOIN_ATTEMPTS) };
    },
  };
}

export type JoinAttempts = ReturnType<typeof createJoinAttempts>;
