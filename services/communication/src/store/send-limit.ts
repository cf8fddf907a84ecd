import type { Redis } from '@oneeta/service-kit';

// KEYS: the sender's log (a sorted set of send times). ARGV: now (ms), window (ms), limit, member.
// Drops entries older than the window; adds this send unless `limit` are left. Returns: allowed (0|1), ms until the oldest leaves.
const RESERVE_SCRIPT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return {0, tonumber(oldest[2]) + window - now}
end
redis.call('ZADD', KEYS[1], now, ARGV[4])
redis.call('PEXPIRE', KEYS[1], window)
return {1, 0}
`;

/**
 * A sliding-window count of one sender's messages (any 60 minutes hold at most `limit`), kept in
 * Redis so every replica agrees. `reserve` is atomic; `release` gives a reservation back when the
 * send did not happen.
 */
export function createSendLimit(redis: Redis, prefix: string) {
  const key = (userId: string) => `${prefix}:chat:sent:${userId}`;
  return {
    async reserve(
      userId: string,
      limit: number,
      windowMs: number,
      id: string,
      now = Date.now(),
    ): Promise<{ allowed: boolean; retryAfterMs: number }> {
      const [allowed, wait] = (await redis.eval(
        RESERVE_SCRIPT,
        1,
        key(userId),
        now,
        windowMs,
        limit,
        id,
      )) as [number, number];
      return { allowed: allowed === 1, retryAfterMs: Math.max(0, wait) };
    },
    async release(userId: string, id: string): Promise<void> {
      await redis.zrem(key(userId), id);
    },
  };
}
export type SendLimit = ReturnType<typeof createSendLimit>;
