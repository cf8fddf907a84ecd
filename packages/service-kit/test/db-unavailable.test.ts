/**
 * Issue 11, item 7: a frozen database hung requests for 15 s and an unavailable one answered 500.
 * A real Postgres behind a TCP proxy the test controls: frozen or refusing, requests get 503 with
 * Retry-After within the configured timeouts; once it answers again, they succeed.
 */
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, resolveDbTimeouts, type DatabaseHandle } from '../src/db.js';
import { isUnavailableError } from '../src/errors.js';
import { createHttpApp, type App } from '../src/http.js';
import { eventually, testPostgresUrl } from '../src/testing.js';
import { startTcpProxy } from './tcp-proxy.js';

const migrationsFolder = fileURLToPath(new URL('./fixtures/migrations', import.meta.url));
const TIMEOUTS = { connectMs: 500, statementMs: 500, idleInTransactionMs: 1000 };

const server = new URL(testPostgresUrl());
const name = `t_${randomUUID().replace(/-/g, '')}`;
let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
let handle: DatabaseHandle;
let app: App;

async function admin(query: string) {
  const client = new pg.Client({ connectionString: server.toString() });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  await admin(`create database ${name}`);
  proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
  const url = new URL(server.toString());
  url.host = `127.0.0.1:${proxy.port}`;
  url.pathname = `/${name}`;
  handle = await openDatabase({
    schema: 'kit_test',
    migrationsFolder,
    url: url.toString(),
    poolSize: 3,
    timeouts: TIMEOUTS,
  });
  app = createHttpApp({ name: 'db-down-test', logLevel: 'silent', metrics: false });
  app.get('/count', async () => {
    const result = (await handle.db.execute(
      sql`select count(*)::int as n from kit_test.notes`,
    )) as unknown as { rows: { n: number }[] };
    return { n: result.rows[0]!.n };
  });
  app.get('/slow', async () => {
    await handle.db.execute(sql`select pg_sleep(5)`);
    return { slept: true };
  });
  await app.ready();
});
afterAll(async () => {
  proxy?.setMode('open');
  await app?.close();
  await handle?.close().catch(() => {});
  await proxy?.close();
  await admin(`drop database if exists ${name} with (force)`);
});

/** GET a route and time it. */
async function timed(url: string) {
  const started = Date.now();
  const res = await app.inject({ method: 'GET', url });
  return { res, ms: Date.now() - started };
}

function expectUnavailable({ res, ms }: Awaited<ReturnType<typeof timed>>) {
  expect({
    status: res.statusCode,
    body: res.json() as unknown,
    retryAfter: res.headers['retry-after'],
  }).toEqual({
    status: 503,
    body: {
      error: 'Service temporarily unavailable: try again in a few seconds',
      code: 'unavailable',
    },
    retryAfter: '5',
  });
  // connect 0.5 s, or the statement's 0.5 s + the client's 1 s grace: well under the old 15 s hang.
  expect(ms).toBeLessThan(3000);
}

describe('an unavailable database', () => {
  it('answers normally while the database answers', async () => {
    expect((await timed('/count')).res.json()).toEqual({ n: 0 });
  });

  it('answers 503 with Retry-After within the timeouts while the database is frozen, and 200 once it thaws', async () => {
    proxy.setMode('frozen');
    expectUnavailable(await timed('/count'));
    expectUnavailable(await timed('/count'));
    proxy.setMode('open');
    await expect
      .poll(async () => (await timed('/count')).res.statusCode, { timeout: 10_000, interval: 100 })
      .toBe(200);
  });

  it('answers 503 with Retry-After at once while the database refuses connections, and 200 once it is back', async () => {
    proxy.setMode('refusing');
    expectUnavailable(await timed('/count'));
    expectUnavailable(await timed('/count'));
    proxy.setMode('open');
    await expect
      .poll(async () => (await timed('/count')).res.statusCode, { timeout: 10_000, interval: 100 })
      .toBe(200);
  });

  it('survives a connection dropped under an open transaction: the transaction rejects, the process stays up', async () => {
    let dropped!: () => void;
    const connectionGone = new Promise<void>((resolve) => (dropped = resolve));
    const transaction = handle.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      proxy.setMode('refusing'); // the checked-out client's socket is cut between two statements
      await connectionGone;
      await tx.execute(sql`select 2`);
    });
    // Before the fix, the cut connection emitted an unhandled 'error' on the pg client (vitest
    // reports it as an uncaught exception, and a service process died of it).
    await eventually(() => proxy.connections === 0); // every socket through the proxy is closed
    dropped();
    await expect(transaction).rejects.toThrow();
    proxy.setMode('open');
    expect((await timed('/count')).res.statusCode).toBe(200);
  });

  it('cancels a statement over DB_STATEMENT_TIMEOUT_MS on the server and answers 503', async () => {
    expectUnavailable(await timed('/slow'));
    expect((await timed('/count')).res.statusCode).toBe(200);
  });
});

describe('unavailable errors and timeout settings', () => {
  it.each([
    [
      'refused',
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      true,
    ],
    ['terminated', new Error('Connection terminated unexpectedly'), true],
    ['pool wait', new Error('timeout exceeded when trying to connect'), true],
    [
      'server shutting down (57P01)',
      Object.assign(new Error('terminating connection due to administrator command'), {
        code: '57P01',
      }),
      true,
    ],
    [
      'too many connections (53300)',
      Object.assign(new Error('sorry, too many clients already'), { code: '53300' }),
      true,
    ],
    [
      'connection exception class 08',
      Object.assign(new Error('connection failure'), { code: '08006' }),
      true,
    ],
    [
      'wrapped by drizzle',
      Object.assign(new Error('Failed query: select 1\nparams: '), {
        cause: Object.assign(new Error('canceling statement due to statement timeout'), {
          code: '57014',
        }),
      }),
      true,
    ],
    [
      'Redis down, no offline queue',
      new Error("Stream isn't writeable and enableOfflineQueue options is false"),
      true,
    ],
    ['Redis connection closed', new Error('Connection is closed.'), true],
    [
      'a unique violation',
      Object.assign(new Error('duplicate key value'), { code: '23505' }),
      false,
    ],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'x')"), false],
  ])('%s → unavailable: %s', (_label, err, expected) => {
    expect(isUnavailableError(err)).toBe(expected);
  });

  it('reads the database timeouts from env, with 5 s connect and 10 s statement by default', () => {
    expect(resolveDbTimeouts({}, {})).toEqual({
      connectMs: 5000,
      statementMs: 10_000,
      idleInTransactionMs: 30_000,
    });
    expect(resolveDbTimeouts({ connectMs: 1 }, { DB_STATEMENT_TIMEOUT_MS: '2500' })).toMatchObject({
      connectMs: 1,
      statementMs: 2500,
    });
  });
});
