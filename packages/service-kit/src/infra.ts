import { createEventBus, type EventBus } from './bus.js';
import type { BaseEnv } from './config.js';
import { openDatabase, pgliteDir, type DatabaseHandle } from './db.js';
import { createRedis } from './redis.js';
import type { Redis } from 'ioredis';

export interface RedisInfra {
  redis: Redis;
  bus: EventBus;
  /** Stops the bus's consumers, then closes Redis. */
  close(): Promise<void>;
}

export interface ServiceInfra extends RedisInfra {
  database: DatabaseHandle;
  /** Stops the bus's consumers, then closes Redis and the database. */
  close(): Promise<void>;
}

/** What a service without tables of its own opens (the maps API, the routing worker): Redis and the bus. */
export function openRedisInfra(service: string, config: Pick<BaseEnv, 'REDIS_URL' | 'REDIS_PREFIX'>): RedisInfra {
  const redis = createRedis(config.REDIS_URL);
  const bus = createEventBus({ redis, prefix: config.REDIS_PREFIX, source: service });
  return {
    redis,
    bus,
    close: async () => {
      await bus.close();
      redis.disconnect();
    },
  };
}

/**
 * What every service's main.ts opens: its database (Postgres when DATABASE_URL is set, else PGlite
 * under DATA_DIR/<service>) with migrations applied, a Redis client and the event bus.
 */
export async function openServiceInfra(
  service: string,
  config: Pick<BaseEnv, 'DATABASE_URL' | 'DATA_DIR' | 'REDIS_URL' | 'REDIS_PREFIX'>,
  migrationsFolder: string,
): Promise<ServiceInfra> {
  const database = await openDatabase({
    schema: service,
    migrationsFolder,
    url: config.DATABASE_URL,
    dataDir: pgliteDir(config.DATA_DIR, service),
  });
  const infra = openRedisInfra(service, config);
  return {
    ...infra,
    database,
    close: async () => {
      await infra.close();
      await database.close();
    },
  };
}
