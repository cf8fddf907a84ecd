import { createEventBus, type EventBus } from './bus.js';
import type { BaseEnv } from './config.js';
import { openDatabase, pgliteDir, type DatabaseHandle } from './db.js';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type client from 'prom-client';
import type { Database } from './db.js';
import {
  createDelivery,
  createOutbox,
  createRelayMetrics,
  startOutboxRelay,
  type Outbox,
  type OutboxRelay,
  type OutboxTable,
} from './outbox.js';
import { createQueue, type JobCatalogEntry } from './queue.js';
import { createRedis } from './redis.js';

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
export function openRedisInfra(
  service: string,
  config: Pick<BaseEnv, 'REDIS_URL' | 'REDIS_PREFIX'> &
    Partial<Pick<BaseEnv, 'BUS_MAX_DELIVERIES'>>,
): RedisInfra {
  const redis = createRedis(config.REDIS_URL);
  const bus = createEventBus({
    redis,
    prefix: config.REDIS_PREFIX,
    source: service,
    maxDeliveries: config.BUS_MAX_DELIVERIES,
  });
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
  config: Pick<
    BaseEnv,
    | 'DATABASE_URL'
    | 'DATA_DIR'
    | 'REDIS_URL'
    | 'REDIS_PREFIX'
    | 'DB_CONNECT_TIMEOUT_MS'
    | 'DB_STATEMENT_TIMEOUT_MS'
    | 'DB_IDLE_IN_TRANSACTION_TIMEOUT_MS'
  > &
    Partial<Pick<BaseEnv, 'BUS_MAX_DELIVERIES'>>,
  migrationsFolder: string,
): Promise<ServiceInfra> {
  const database = await openDatabase({
    schema: service,
    migrationsFolder,
    url: config.DATABASE_URL,
    dataDir: pgliteDir(config.DATA_DIR, service),
    timeouts: {
      connectMs: config.DB_CONNECT_TIMEOUT_MS,
      statementMs: config.DB_STATEMENT_TIMEOUT_MS,
      idleInTransactionMs: config.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    },
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

export interface ServiceOutbox {
  /** Write messages in the caller's transaction. */
  outbox: Outbox;
  relay: OutboxRelay;
  /** The producer queues the relay delivers jobs to, by queue name. */
  queues: Record<string, Queue>;
  /** Stops the relay, then closes the queues and the producer connection. */
  close(): Promise<void>;
}

export interface ServiceOutboxOptions {
  service: string;
  config: Pick<BaseEnv, 'REDIS_URL' | 'REDIS_PREFIX'> & Partial<Pick<BaseEnv, 'OUTBOX_POLL_MS'>>;
  db: Database;
  table: OutboxTable;
  /** Catalog entries of the queues this service produces to. */
  jobs?: JobCatalogEntry[];
  /** The app's metrics registry: outbox_delivered_total, outbox_delivery_failures_total, outbox_pending. */
  registry?: client.Registry;
  log?: { error(obj: object, msg: string): void };
}

/**
 * The outbox of a service and its relay, delivering over a producer connection of its own (no
 * offline queue: a delivery fails at once while Redis is away, and the relay retries with backoff).
 */
export function openServiceOutbox(opts: ServiceOutboxOptions): ServiceOutbox {
  const { config } = opts;
  const producer = createRedis(config.REDIS_URL, { role: 'producer' });
  const queues = Object.fromEntries(
    (opts.jobs ?? []).map((entry) => [
      entry.queue,
      createQueue(entry, { connection: producer, redisPrefix: config.REDIS_PREFIX, log: opts.log }),
    ]),
  );
  const bus = createEventBus({
    redis: producer,
    prefix: config.REDIS_PREFIX,
    source: opts.service,
  });
  const relay = startOutboxRelay({
    db: opts.db,
    table: opts.table,
    deliver: createDelivery({ bus, redis: producer, prefix: config.REDIS_PREFIX, queues }),
    pollMs: config.OUTBOX_POLL_MS,
    metrics: opts.registry && createRelayMetrics(opts.registry),
    onError: (err, row) =>
      opts.log?.error(
        { err: err instanceof Error ? err.message : String(err), row },
        'outbox delivery failed',
      ),
  });
  return {
    outbox: createOutbox(opts.table, opts.service),
    relay,
    queues,
    close: async () => {
      await relay.stop();
      await Promise.all(Object.values(queues).map((q) => q.close()));
      producer.disconnect();
    },
  };
}
