import { redisKey } from '@oneeta/service-kit';
import type { Redis } from 'ioredis';

/**
 * Open /ws sockets per client address across every gateway replica: one sorted set per address in
 * Redis, a member per socket scored by when it lapses (Redis's clock). Each replica refreshes its
 * sockets on its heartbeat, so the sockets of a replica that died stop counting after `ttlMs`.
 */
export interface SharedConnections {
  /** Counts the socket; false (and not counted) when the address already has `max` open anywhere. */
  add(ip: string, id: string): Promise<boolean>;
  remove(ip: string, id: string): Promise<void>;
  /** Keeps these sockets counted for another `ttlMs`. */
  refresh(sockets: Iterable<{ ip: string; id: string }>): Promise<void>;
}

const NOW_MS = `local t = redis.call('TIME') local now = t[1] * 1000 + math.floor(t[2] / 1000)`;

// KEYS: the address's set. ARGV: member, max, ttlMs. Returns 1 when counted.
const ADD = `${NOW_MS}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1
`;

// KEYS: the address's set. ARGV: ttlMs, members… (only those still counted are renewed).
const REFRESH = `${NOW_MS}
local ttl = tonumber(ARGV[1])
for i = 2, #ARGV do redis.call('ZADD', KEYS[1], 'XX', now + ttl, ARGV[i]) end
redis.call('PEXPIRE', KEYS[1], ttl)
return 0
`;

export function createSharedConnections(
  redis: Redis,
  prefix: string,
  opts: { max: number; ttlMs: number },
): SharedConnections {
  const key = (ip: string) => redisKey(prefix, 'ws', 'connections', ip);
  return {
    async add(ip, id) {
      return (await redis.eval(ADD, 1, key(ip), id, opts.max, opts.ttlMs)) === 1;
    },
    async remove(ip, id) {
      await redis.zrem(key(ip), id);
    },
    async refresh(sockets) {
      const byIp = new Map<string, string[]>();
      for (const { ip, id } of sockets) byIp.set(ip, [...(byIp.get(ip) ?? []), id]);
      if (byIp.size === 0) return;
      const batch = redis.pipeline();
      for (const [ip, ids] of byIp) batch.eval(REFRESH, 1, key(ip), opts.ttlMs, ...ids);
      await batch.exec();
    },
  };
}
