import { Redis } from 'ioredis';

export type RedisRole = 'client' | 'worker' | 'subscriber';

export interface CreateRedisOptions {
  role?: RedisRole;
  lazyConnect?: boolean;
}

/**
 * 'client' gives up on a command after 3 reconnect attempts; 'worker' and 'subscriber' wait for
 * Redis indefinitely (blocking reads, BullMQ workers, pub/sub).
 */
export function createRedis(url: string, opts: CreateRedisOptions = {}): Redis {
  const role = opts.role ?? 'client';
  const redis = new Redis(url, {
    lazyConnect: opts.lazyConnect ?? false,
    connectTimeout: 5_000,
    enableOfflineQueue: true,
    maxRetriesPerRequest: role === 'client' ? 3 : null,
  });
  ignoreErrorEvents(redis);
  return redis;
}

/** Connection errors surface through rejected commands and readiness checks, not as a crash. */
export function ignoreErrorEvents(redis: Redis): void {
  redis.on('error', () => {});
}

export function redisKey(prefix: string, ...parts: string[]): string {
  return [prefix, ...parts].join(':');
}

export async function pingRedis(redis: Redis): Promise<void> {
  const reply = await redis.ping();
  if (reply !== 'PONG') throw new Error(`Redis answered ${reply} to PING`);
}
