import { fileURLToPath } from 'node:url';
import { TOPICS, type SessionChangedData, type UsageRecordedData } from '@oneeta/contracts';
import { createAccountDirectory, createTokenVerifier, loadConfig } from '@oneeta/service-kit';
import {
  createTestDatabase,
  createTestIssuer,
  openTestRedisInfra,
} from '@oneeta/service-kit/testing';
import { buildApp } from '../src/app.js';
import { configSchema } from '../src/config.js';
import { startLedgerConsumers } from '../src/consumers/ledger.js';
import { accountDeletedIn, startUserDeletedConsumer } from '../src/consumers/user-deleted.js';
import { createSessionClient } from '../src/providers/sessions.js';
import { createLedgerStore } from '../src/store/ledger-store.js';

export const MIGRATIONS = fileURLToPath(new URL('../src/store/migrations', import.meta.url));

/**
 * The admin service as main.ts assembles it (app and ledger consumers) over a fresh database and a
 * unique Redis namespace, trusting tokens of a test issuer whose users are in the account view.
 * The session service at SESSION_URL answers ownership the ledger has not heard of (a test that
 * needs it brings one and shares its prefix).
 */
export async function startAdmin(env: Record<string, string> = {}, opts: { prefix?: string } = {}) {
  const infra = openTestRedisInfra('admin', opts.prefix ? { prefix: opts.prefix } : {});
  const { prefix, redis, bus } = infra;
  const database = await createTestDatabase({ schema: 'admin', migrationsFolder: MIGRATIONS });
  const config = loadConfig(configSchema, {
    ...infra.env,
    AUTH_URL: 'http://127.0.0.1:9',
    SESSION_URL: 'http://127.0.0.1:9',
    ...env,
  });
  const issuer = await createTestIssuer({ redis, prefix });
  const accounts = createAccountDirectory({
    redis,
    prefix,
    authUrl: config.AUTH_URL,
    internalToken: config.INTERNAL_TOKEN,
    timeoutMs: 1000,
    events: { bus, service: 'admin', consumer: 'test' },
  });
  await accounts.ready;
  const sessions = createSessionClient({
    baseUrl: config.SESSION_URL,
    internalToken: config.INTERNAL_TOKEN,
    timeoutMs: 2000,
  });
  const app = await buildApp({
    config,
    db: database.db,
    redis,
    sessions,
    pingDb: database.ping,
    verifier: createTokenVerifier({ jwks: issuer.jwks }),
    accounts: accounts.get,
  });
  await app.ready();
  const ledger = createLedgerStore(database.db);
  const consumers = startLedgerConsumers({
    bus,
    ledger,
    isDeleted: accountDeletedIn(redis, prefix),
    consumer: 'test',
    log: app.log,
  });
  await consumers.ready;
  const erasure = startUserDeletedConsumer({
    bus,
    db: database.db,
    redis,
    prefix,
    consumer: 'test',
    accountTtlSeconds: config.ACCOUNT_VIEW_TTL_SECONDS,
    log: app.log,
  });
  await erasure.ready;
  return {
    app,
    config,
    prefix,
    bus,
    ledger,
    user: (input: Parameters<typeof issuer.user>[0] = {}) => issuer.user(input),
    /** session.changed for a session owned by `creatorUserId`. */
    sessionChanged: (
      sessionId: string,
      creatorUserId: string,
      extra: Partial<SessionChangedData> = {},
      occurredAt?: string,
    ) =>
      bus.publish(
        TOPICS.sessionChanged,
        {
          sessionId,
          creatorUserId,
          isClosed: false,
          closedAt: null,
          participantCount: 1,
          reason: 'saved',
          ...extra,
        },
        occurredAt ? { occurredAt } : {},
      ),
    redis,
    database,
    close: async () => {
      await erasure.stop();
      await consumers.stop();
      await app.close();
      await accounts.close();
      await infra.close();
      await database.destroy();
    },
  };
}
export type AdminHarness = Awaited<ReturnType<typeof startAdmin>>;

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A route-matrix worker's usage.recorded for one provider call of `cells` cells. */
export function workerCall(
  sessionId: string,
  cells: number,
  extra: Partial<UsageRecordedData['metrics']> = {},
): UsageRecordedData {
  return {
    event: 'travel_times',
    origin: 'route-matrix',
    sessionId,
    jobId: 'job-1',
    request: {
      origins: [{ lat: 47.6, lon: -122.3 }],
      destination: { lat: 47.61, lon: -122.34 },
      arriveAt: '2026-11-26T18:00:00.000Z',
      mode: 'car',
      originCount: cells,
    },
    result: { cells, okCells: cells, bestByTravelTime: { travelTimeSeconds: 900 } },
    metrics: {
      providerRequests: 1,
      provider: 'azure',
      strategy: 'matrix',
      durationMs: 120,
      cells,
      transactions: Math.ceil(cells / 4),
      ...extra,
    },
  };
}

/** The maps API's usage.recorded for a search made for a session. */
export function searchCall(sessionId: string): UsageRecordedData {
  return {
    event: 'search',
    origin: 'maps-api',
    sessionId,
    jobId: null,
    request: { q: 'Pike Place' },
    result: { numResults: 3 },
    metrics: { providerRequests: 1, provider: 'azure', strategy: 'fuzzy-search', durationMs: 80 },
  };
}
