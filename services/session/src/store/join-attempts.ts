import { format, JOIN_ATTEMPTS, MESSAGES } from '@oneeta/contracts';
import { createRateLimiter, HttpError, type AuthUser, type Redis } from '@oneeta/service-kit';

/** Who is trying: the signed-in user, else the client's IP (as the gateway forwards it). */
export const joinCaller = (user: AuthUser | null, ip: string) => (user ? `user:${user.id}` : `ip:${ip}`);

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
    /** Throws 429 while the caller is locked out of this session. */
    async assertAllowed(sessionId: string, caller: string) {
      const result = await limiter.check(joinAttemptKey(sessionId, caller), JOIN_ATTEMPTS);
      if (!result.allowed) throw tooMany(result.retryAfterSeconds);
    },
    /** Counts a failed attempt and returns the error to answer with. */
    async failed(sessionId: string, caller: string, error: HttpError): Promise<HttpError> {
      const result = await limiter.hit(joinAttemptKey(sessionId, caller), JOIN_ATTEMPTS);
      return result.allowed ? error : tooMany(result.retryAfterSeconds);
    },
  };
}

export type JoinAttempts = ReturnType<typeof createJoinAttempts>;
