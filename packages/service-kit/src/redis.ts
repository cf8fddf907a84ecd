import { Redis } from 'ioredis';

export type RedisRole = 'client' | 'producer' | 'worker' | 'subscriber';

export interface CreateRedisOptions {
  role?: RedisRole;
  lazyConnect?: boolean;
}

/**
 * 'client' gives up on a command after 3 reconnect attempts; 'producer' fails at once while Redis is
 * unreachable (no offline queue: the outbox relay is what waits and retries); 'worker' and
 * 'subscriber' wait for Redis indefinitely (blocking reads, BullMQ workers, pub/sub).
 */
export function createRedis(url: string, opts: CreateRedisOptions = {}): Redis {
  const role = opts.role ?? 'client';
  const redis = new Redis(url, {
    lazyConnect: opts.lazyConnect ?? false,
    connectTimeout: 5_000,
    enableOfflineQueue: role !== 'producer',
    maxRetriesPerRequest: role === 'client' ? 3 : role === 'producer' ? 1 : null,
    // A producer's caller (the outbox relay) retries; a stalled Redis must not hang it.
    ...(role === 'producer' ? { commandTimeout: 5_000 } : {}),
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
