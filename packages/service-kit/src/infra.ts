import { createEventBus, type EventBus } from './bus.js';
import type { BaseEnv } from './config.js';
import { openDatabase, pgliteDir, type DatabaseHandle } from './db.js';
import { createRedis } from './redis.js';
import type { Redis } from 'ioredis';

export interface ServiceInfra {
  database: DatabaseHandle;
  redis: Redis;
  bus: EventBus;
  /** Stops the bus's consumers, then closes Redis and the database. */
  close(): Promise<void>;
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
  const redis = createRedis(config.REDIS_URL);
  const bus = createEventBus({ redis, prefix: config.REDIS_PREFIX, source: service });
  return {
    database,
    redis,
    bus,
    close: async () => {
      await bus.close();
      redis.disconnect();
      await database.close();
    },
  };
}
