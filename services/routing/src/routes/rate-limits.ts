import { format, MESSAGES } from '@oneeta/contracts';
import { createRateLimiter, HttpError, type Redis } from '@oneeta/service-kit';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';

export type CallFamily = 'search' | 'travelTimes' | 'timezone' | 'token';

/** The Redis key prefix of one call family's limiter (tests read the counters under it). */
export const limiterPrefix = (redisPrefix: string, family: CallFamily) =>
  `${redisPrefix}:rl:maps:${family}`;

/**
 * One per-IP limiter per call family, counted on every request (bad input included) before any
 * work: past the limit a call answers 429 'Too many requests. Try again in {n}s' with Retry-After.
 */
export function createIpLimits(
  redis: Redis,
  config: Config,
): Record<CallFamily, (request: FastifyRequest) => Promise<void>> {
  const perMinute: Record<CallFamily, number> = {
    search: config.SEARCH_MAX_PER_IP_PER_MINUTE,
    travelTimes: config.TRAVEL_TIMES_MAX_PER_IP_PER_MINUTE,
    timezone: config.TIMEZONE_MAX_PER_IP_PER_MINUTE,
    token: config.MAP_TOKEN_MAX_PER_IP_PER_MINUTE,
  };
  const hook = (family: CallFamily) => {
    const limiter = createRateLimiter(redis, limiterPrefix(config.REDIS_PREFIX, family));
    return async (request: FastifyRequest) => {
      const result = await limiter.hit(`ip:${request.ip}`, {
        limit: perMinute[family],
        windowSeconds: 60,
      });
      if (result.allowed) return;
      const seconds = result.retryAfterSeconds;
      throw new HttpError(429, format(MESSAGES.tooManyRequests, { n: seconds }), 'rate_limited', {
        'retry-after': String(seconds),
      });
    };
  };
  return {
    search: hook('search'),
    travelTimes: hook('travelTimes'),
    timezone: hook('timezone'),
    token: hook('token'),
  };
}
