import { randomUUID } from 'node:crypto';
import {
  TOPICS,
  usageRecordedDataSchema,
  type EventEnvelope,
  type UsageRecordedData,
} from '@oneeta/contracts';
import { createMapsProvider, type MapsProvider } from '@oneeta/maps';
import {
  createAccountDirectory,
  createTokenVerifier,
  loadConfig,
  streamKey,
} from '@oneeta/service-kit';
import { createTestIssuer, openTestRedisInfra } from '@oneeta/service-kit/testing';
import { buildApp } from '../src/app.js';
import { configSchema, type Config } from '../src/config.js';
import { travelCacheFor, createRouteQueueReader } from '../src/context.js';
import { countingProvider } from './factories.js';

export interface StartOptions {
  /** Env on top of the test infrastructure's (e.g. low rate limits, Azure Maps settings). */
  env?: Record<string, string>;
  /** Wraps the provider made from the config (createMapsProvider), e.g. to make it find nothing. */
  provider?: (made: MapsProvider, config: Config) => MapsProvider;
}

/**
 * The maps API over a unique Redis namespace, with the provider `createMapsProvider` makes from the
 * config (offline with no env) behind a counting wrapper, trusting tokens from a key made here.
 */
export async function startRouting(options: StartOptions = {}) {
  const infra = openTestRedisInfra('routing');
  const { prefix, redis, bus } = infra;
  // No auth server: test users are registered in the account view by the issuer.
  const config = loadConfig(configSchema, {
    ...infra.env,
    AUTH_URL: 'http://127.0.0.1:9',
    ...options.env,
  });
  const made = createMapsProvider(config);
  const provider = countingProvider(options.provider ? options.provider(made, config) : made);
  const issuer = await createTestIssuer({ redis, prefix });
  const accounts = createAccountDirectory({
    redis,
    prefix,
    authUrl: config.AUTH_URL,
    timeoutMs: 1000,
  });
  const travelCache = travelCacheFor(config, redis, provider);
  const verifier = createTokenVerifier({ jwks: issuer.jwks });
  const routeQueue = createRouteQueueReader(config, redis);
  const app = await buildApp({
    config,
    provider,
    travelCache,
    redis,
    bus,
    verifier,
    routeQueue,
    accounts: accounts.get,
  });
  await app.ready();

  /** A signed-in user's bearer token (the maps API stores no users; the account is in the view). */
  const token = async (id: string = randomUUID()) =>
    (await issuer.user({ id, name: 'Map User' })).token;
  /** An administrator's bearer token. */
  const adminToken = async () => (await issuer.user({ isAdmin: true })).token;

  /** Every usage.recorded event on the bus so far, oldest first, parsed with the contract schema. */
  const usage = async (): Promise<EventEnvelope<UsageRecordedData>[]> => {
    const entries = await redis.xrange(streamKey(prefix, TOPICS.usageRecorded), '-', '+');
    return entries.map(([, fields]) => {
      const envelope = JSON.parse(fields[fields.indexOf('event') + 1]!) as EventEnvelope<unknown>;
      return { ...envelope, data: usageRecordedDataSchema.parse(envelope.data) };
    });
  };

  /** GET a maps call with a query (values as strings), from `ip` when given. */
  const get = (
    path: string,
    query: Record<string, string | number | boolean> = {},
    opts: { ip?: string; token?: string } = {},
  ) =>
    app.inject({
      method: 'GET',
      url: path,
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      ...(opts.ip ? { remoteAddress: opts.ip } : {}),
      headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
    });

  return {
    app,
    routeQueue,
    config,
    provider,
    redis,
    bus,
    prefix,
    token,
    adminToken,
    usage,
    get,
    close: async () => {
      await app.close();
      await routeQueue.close();
      await infra.close();
    },
  };
}

export type RoutingHarness = Awaited<ReturnType<typeof startRouting>>;
