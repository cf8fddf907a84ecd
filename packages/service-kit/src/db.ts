import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { dbTimeoutsEnvSchema, loadConfig } from './config.js';
import { countingLogger } from './query-count.js';

/** Drizzle over either engine; queries are written once against this type. */
export type Database = PgDatabase<PgQueryResultHKT>;

export interface DatabaseOptions {
  /** The service's own Postgres schema (also holds its migrations table). */
  schema: string;
  /** drizzle-kit migrations folder of the service. */
  migrationsFolder: string;
  /** Real PostgreSQL; when absent, embedded PGlite is used. */
  url?: string;
  /** PGlite data directory; absent = in memory (tests). */
  dataDir?: string;
  poolSize?: number;
  /** Postgres timeouts; each one not given comes from the DB_*_TIMEOUT_MS env (see config.ts). */
  timeouts?: Partial<DbTimeouts>;
}

export interface DbTimeouts {
  /** Opening a connection, or waiting for a free one in the pool. */
  connectMs: number;
  /** Server-side statement_timeout; the client gives up on a query 1 s later (a frozen server). */
  statementMs: number;
  /** idle_in_transaction_session_timeout. */
  idleInTransactionMs: number;
}

/** The timeouts a database handle runs with: the given ones, else env, else the defaults of config.ts. */
export function resolveDbTimeouts(given: Partial<DbTimeouts> = {}, env = process.env): DbTimeouts {
  const fromEnv = loadConfig(dbTimeoutsEnvSchema, env);
  return {
    connectMs: given.connectMs ?? fromEnv.DB_CONNECT_TIMEOUT_MS,
    statementMs: given.statementMs ?? fromEnv.DB_STATEMENT_TIMEOUT_MS,
    idleInTransactionMs: given.idleInTransactionMs ?? fromEnv.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
  };
}

/** node-postgres settings for the timeouts: a frozen or absent server fails fast instead of hanging. */
function pgTimeouts(timeouts: DbTimeouts): pg.ClientConfig {
  return {
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    query_timeout: timeouts.statementMs > 0 ? timeouts.statementMs + 1000 : undefined,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    keepAlive: true,
  };
}

export interface DatabaseHandle {
  db: Database;
  engine: 'postgres' | 'pglite';
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Opens the database and runs the service's migrations before returning. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.url ? openPostgres(options, options.url) : openPglite(options);
}

async function openPostgres(options: DatabaseOptions, url: string): Promise<DatabaseHandle> {
  // Migrate on one connection under an advisory lock, so replicas starting together take turns.
  const timeouts = resolveDbTimeouts(options.timeouts);
  // Migrations may take longer than one request's statement: only the connect timeout applies.
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: timeouts.connectMs,
  });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(hashtext($1))', [
      `oneeta:migrate:${options.schema}`,
    ]);
    await migratePg(drizzlePg(client), {
      migrationsFolder: options.migrationsFolder,
      migrationsSchema: options.schema,
    });
  } finally {
    await client.end();
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    ...pgTimeouts(timeouts),
  });
  pool.on('error', () => {}); // idle-client errors surface on the next query instead
  // A client checked out of the pool (a transaction between statements, the outbox relay's claim)
  // has no pool listener: a dropped connection would emit an unhandled 'error' and kill the
  // process. Its next query rejects with the same error, which the kit answers with 503.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePg(pool, { logger: countingLogger }) as unknown as Database;
  return {
    db,
    engine: 'postgres',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}

async function openPglite(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.dataDir) mkdirSync(path.resolve(options.dataDir), { recursive: true });
  const client = options.dataDir ? new PGlite(path.resolve(options.dataDir)) : new PGlite();
  await client.waitReady;
  const pglite = drizzlePglite(client, { logger: countingLogger });
  await migratePglite(pglite, {
    migrationsFolder: options.migrationsFolder,
    migrationsSchema: options.schema,
  });
  const db = pglite as unknown as Database;
  return {
    db,
    engine: 'pglite',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}

/** PGlite data directory of a service under DATA_DIR. */
export function pgliteDir(dataDir: string, service: string): string {
  return path.join(dataDir, service, 'pglite');
}
