import type { Redis } from 'ioredis';
import type { z } from 'zod';
import { consumerNameOf, openAccountDirectory } from './accounts.js';
import type { AccountLookup } from './auth.js';
import type { EventBus } from './bus.js';
import type { JobCatalogEntry } from './catalog.js';
import type { BaseEnv } from './config.js';
import { loadConfig } from './config.js';
import type { EventsContext } from './consumers.js';
import type { Database, DatabaseHandle } from './db.js';
import type { App } from './http.js';
import {
  openRedisInfra,
  openServiceInfra,
  openServiceOutbox,
  type RedisInfra,
  type ServiceInfra,
  type ServiceOutbox,
} from './infra.js';
import { main, runService } from './lifecycle.js';
import { createOutbox, type Outbox, type OutboxTable } from './outbox.js';

/** What every service's config has (baseEnvSchema), plus the account view's settings when it keeps one. */
export type ServiceConfig = Pick<
  BaseEnv,
  'PORT' | 'HOST' | 'REDIS_URL' | 'REDIS_PREFIX' | 'AUTH_URL' | 'INTERNAL_TOKEN'
> &
  Partial<
    Pick<
      BaseEnv,
      | 'DATABASE_URL'
      | 'DATA_DIR'
      | 'BUS_MAX_DELIVERIES'
      | 'OUTBOX_POLL_MS'
      | 'DB_CONNECT_TIMEOUT_MS'
      | 'DB_STATEMENT_TIMEOUT_MS'
      | 'DB_IDLE_IN_TRANSACTION_TIMEOUT_MS'
    >
  > & {
    ACCOUNT_VIEW_TTL_SECONDS?: number;
    CONSUMER_NAME?: string | undefined;
  };

/** Tables of its own: the migrations folder, and the outbox table when it writes events or jobs. */
export interface StoreOptions {
  migrations: string;
  outbox?: OutboxTable;
  /** Catalog entries of the queues its outbox produces to. */
  jobs?: JobCatalogEntry[];
}

/** Something startService stops on shutdown (a consumer, a worker, a closer of one's own). */
export type Stoppable = { stop(): Promise<void> } | { close(): Promise<unknown> | unknown };

/** A logger that forwards to the app's once it exists (before that, lines are dropped). */
export interface KitLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** What startService opened, handed to `app` (before the app exists). */
export type ServiceKit<C, D extends StoreOptions | undefined> = {
  name: string;
  config: C;
  redis: Redis;
  bus: EventBus;
  /** This replica's name in its consumer groups (CONSUMER_NAME, else host and pid). */
  consumer: string;
  /** The account directory's lookup (throws when the service keeps none: `accounts: false`). */
  accounts: AccountLookup;
  log: KitLog;
  /** Hands something of the service's own to the kit, stopped on shutdown after what `start` started; returns it. */
  own<T extends Stoppable>(thing: T): T;
} & (D extends StoreOptions
  ? { database: DatabaseHandle; db: Database } & (D extends { outbox: OutboxTable }
      ? { outbox: Outbox; wakeRelay: () => void }
      : unknown)
  : unknown);

/** What `start` gets besides: the consumers' context. */
export type RunningKit<C, D extends StoreOptions | undefined> = ServiceKit<C, D> & {
  /** bus, consumer, log (the app's), redis and prefix: what consumeEvents takes. */
  events: EventsContext & { log: App['log'] };
};

export interface StartServiceOptions<
  S extends z.ZodType,
  A extends App,
  D extends StoreOptions | undefined,
> {
  /** The service's name: its database schema, bus source and account-view group. */
  name: string;
  /** Its zod config schema (config.ts); loaded from the environment. */
  config: S;
  /** Its database (PGlite under DATA_DIR/<name>, or DATABASE_URL) with migrations applied, and its outbox and relay. */
  store?: D;
  /** Keep the account directory current from user.changed (default true; auth, which owns accounts, and the worker say false). */
  accounts?: boolean;
  /** Builds the fastify app (app.ts's buildApp with what is the service's own). */
  app(kit: ServiceKit<z.output<S>, D>): Promise<A>;
  /** Starts its consumers and workers once the app exists; each is stopped on shutdown, the last started first. */
  start?(kit: RunningKit<z.output<S>, D>, app: A): Promise<Stoppable[]> | Stoppable[];
  /** Lines logged once it runs (e.g. which provider it uses). */
  notices?(
    app: A,
    config: z.output<S>,
  ): { level: 'info' | 'warn'; message: string; fields?: object }[];
}

const stopOne = async (s: Stoppable) => ('stop' in s ? s.stop() : s.close());

/**
 * The one way a service starts (main.ts calls it and says only what is its own): config, database
 * with migrations, Redis, the bus, the account directory, the outbox and its relay, then the app,
 * then its consumers and workers (`start`), provider notices, and runService. On shutdown: what
 * `start` started (the last first), what it handed to `own`, the account directory, the relay and
 * its queues, then the bus, Redis and the database.
 */
export function startService<
  S extends z.ZodType<ServiceConfig>,
  A extends App,
  D extends StoreOptions | undefined = undefined,
>(options: StartServiceOptions<S, A, D>): void {
  main(() => openService(options));
}

async function openService<
  S extends z.ZodType<ServiceConfig>,
  A extends App,
  D extends StoreOptions | undefined = undefined,
>(options: StartServiceOptions<S, A, D>): Promise<A> {
  const { name } = options;
  const config = loadConfig(options.config) as z.output<S> & ServiceConfig;
  const store = options.store;
  const serviceInfra: ServiceInfra | undefined = store
    ? await openServiceInfra(
        name,
        config as Parameters<typeof openServiceInfra>[1],
        store.migrations,
      )
    : undefined;
  const infra: RedisInfra = serviceInfra ?? openRedisInfra(name, config);
  const database = serviceInfra?.database;
  const { redis, bus } = infra;
  const consumer = consumerNameOf(config);
  const directory =
    options.accounts === false
      ? undefined
      : openAccountDirectory(name, config as Parameters<typeof openAccountDirectory>[1], {
          redis,
          bus,
          consumer,
        });
  const appLog: { current?: KitLog } = {};
  const log: KitLog = {
    info: (obj, msg) => appLog.current?.info(obj, msg),
    warn: (obj, msg) => appLog.current?.warn(obj, msg),
    error: (obj, msg) => appLog.current?.error(obj, msg),
  };
  // The relay starts once the app exists (its counters go on the app's registry); a commit before
  // that needs no wake-up, as the relay's first pass delivers every row already there.
  let delivery: ServiceOutbox | undefined;
  const storeKit: Partial<{
    database: DatabaseHandle;
    db: Database;
    outbox: Outbox;
    wakeRelay: () => void;
  }> = {};
  if (store && database) {
    Object.assign(storeKit, { database, db: database.db });
    if (store.outbox)
      Object.assign(storeKit, {
        outbox: createOutbox(store.outbox, name),
        wakeRelay: () => delivery?.relay.wake(),
      });
  }
  const accounts: AccountLookup = directory
    ? directory.get
    : async () => {
        throw new Error(`${name} keeps no account directory`);
      };
  const owned: Stoppable[] = [];
  const own = <T extends Stoppable>(thing: T): T => {
    owned.push(thing);
    return thing;
  };
  const kit = { name, config, redis, bus, consumer, accounts, log, own, ...storeKit } as ServiceKit<
    z.output<S>,
    D
  >;

  const app = await options.app(kit);
  appLog.current = app.log;
  directory?.logTo(app.log);
  bus.instrument(app.metricsRegistry);
  if (store?.outbox && database) {
    delivery = openServiceOutbox({
      service: name,
      config,
      db: database.db,
      table: store.outbox,
      jobs: store.jobs,
      registry: app.metricsRegistry,
      log: app.log,
    });
  }

  const running: RunningKit<z.output<S>, D> = {
    ...kit,
    events: { bus, consumer, log: app.log, redis, prefix: config.REDIS_PREFIX },
  };
  const started = (await options.start?.(running, app)) ?? [];
  for (const notice of options.notices?.(app, config) ?? [])
    app.log[notice.level](notice.fields ?? {}, notice.message);

  app.addHook('onClose', async () => {
    for (const s of [...started].reverse()) await stopOne(s);
    await Promise.all(owned.map(stopOne));
    await directory?.close();
    await delivery?.close();
    await infra.close();
  });
  await runService({ app, port: config.PORT, host: config.HOST });
  return app;
}
