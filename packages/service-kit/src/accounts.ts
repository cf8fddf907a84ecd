/**
 * The account directory: who a signed-in caller is *now* (plan, admin rights, e-mail and whether it
 * is verified), so limits and rights never follow a token's hour-old copy of them.
 *
 * A Redis view `${prefix}:account:{id}` (a hash) holds each account with its version (auth's
 * `updatedAt`); a Lua compare-and-set keeps the newest version whatever order the writers come in.
 * Writers: the `user.changed` consumer every service starts (one group per service: the view is
 * shared, so applying an event twice is harmless), and a miss, which asks auth
 * `GET /internal/users/:id`. Entries expire after `ttlSeconds`, a safety net for a lost event.
 * When auth cannot answer a miss, the request fails with 503: never the token's claims instead.
 * Each entry also holds which of the account's tokens still work (`tokens`: the token version and
 * the signed-out sign-ins), so a revoked token is refused by every service as soon as the view has it.
 * A deleted account is a tombstone (`account` is null) that no older write replaces: its tokens are
 * refused at once (auth writes it when deleting; `user.deleted` writes it in each service too).
 */
import {
  meResponseSchema,
  tokenStateSchema,
  TOPICS,
  type UserChangedData,
} from '@oneeta/contracts';
import { hostname } from 'node:os';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { AccountLookup, AccountRecord, AuthUser } from './auth.js';
import type { Consumer, EventBus } from './bus.js';
import { HttpError } from './errors.js';
import { redisKey } from './redis.js';

/** The current account: the same shape as the signed-in caller. */
export type Account = AuthUser;

export interface AccountDirectory {
  get: AccountLookup;
  /** Applies a user.changed (what the consumer does); false when the view already held a newer version. */
  apply(data: UserChangedData): Promise<boolean>;
  /** Resolves once the user.changed consumer's group exists (at once without one). */
  ready: Promise<void>;
  /** Stops the consumer (the Redis client stays the caller's). */
  close(): Promise<void>;
}

export interface AccountDirectoryOptions {
  redis: Redis;
  /** REDIS_PREFIX: the view lives at `${prefix}:account:{id}`. */
  prefix: string;
  /** Base URL of the auth service, asked on a miss. */
  authUrl: string;
  /** INTERNAL_TOKEN, sent as `x-internal-token` (without it auth refuses, and a miss answers 503). */
  internalToken?: string | undefined;
  /** How long an entry lives without a newer write (ACCOUNT_VIEW_TTL_SECONDS). */
  ttlSeconds?: number;
  /** How long a miss waits for auth. */
  timeoutMs?: number;
  /** Keep the view current from user.changed on this bus, in the group `${service}:accounts`. */
  events?: {
    bus: Pick<EventBus, 'consume'>;
    service: string;
    consumer: string;
    onError?: (err: unknown) => void;
  };
}

export const DEFAULT_ACCOUNT_TTL_SECONDS = 300;

/** Env of a service that reads accounts: `baseEnvSchema.extend(accountEnvSchema.shape)`. */
export const accountEnvSchema = z.object({
  CONSUMER_NAME: z
    .string()
    .optional()
    .describe(
      "This replica's name in its event-bus consumer groups; unique per replica (defaults to host + pid).",
    ),
  ACCOUNT_VIEW_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(5)
    .max(86_400)
    .default(DEFAULT_ACCOUNT_TTL_SECONDS)
    .describe(
      'Seconds an account stays in the Redis view without a newer write (user.changed keeps it current).',
    ),
});

/** A replica's own name in its consumer groups: CONSUMER_NAME, else this host and process. */
export function consumerNameOf(config: { CONSUMER_NAME?: string | undefined }): string {
  return config.CONSUMER_NAME ?? `${hostname()}-${process.pid}`;
}

/** The directory of a service's main.ts, whose consumer's failures log once the app exists. */
export interface ServiceAccounts extends AccountDirectory {
  /** Logs a user.changed the view could not apply through `log` (the app's, once built). */
  logTo(log: { warn(obj: object, msg: string): void }): void;
}

/**
 * The directory as a service's main.ts opens it: auth at AUTH_URL with INTERNAL_TOKEN, the view
 * under REDIS_PREFIX, and user.changed consumed in the group `${service}:accounts` as `consumer`.
 */
export function openAccountDirectory(
  service: string,
  config: {
    AUTH_URL: string;
    INTERNAL_TOKEN?: string | undefined;
    REDIS_PREFIX: string;
    ACCOUNT_VIEW_TTL_SECONDS: number;
  },
  deps: { redis: Redis; bus: Pick<EventBus, 'consume'>; consumer: string },
): ServiceAccounts {
  let log: { warn(obj: object, msg: string): void } | undefined;
  const directory = createAccountDirectory({
    redis: deps.redis,
    prefix: config.REDIS_PREFIX,
    authUrl: config.AUTH_URL,
    internalToken: config.INTERNAL_TOKEN,
    ttlSeconds: config.ACCOUNT_VIEW_TTL_SECONDS,
    events: {
      bus: deps.bus,
      service,
      consumer: deps.consumer,
      onError: (err) => log?.warn({ err }, 'user.changed not applied to the account view'),
    },
  });
  return { ...directory, logTo: (to) => (log = to) };
}
export const ACCOUNTS_UNAVAILABLE = 'Could not check your account right now. Please try again.';

export const accountKey = (prefix: string, userId: string) => redisKey(prefix, 'account', userId);

/** Writes the fields when the stored version is not newer; refreshes the TTL either way. */
const COMPARE_AND_SET = `
local current = redis.call('HGET', KEYS[1], 'version')
if current and tonumber(current) > tonumber(ARGV[2]) then return 0 end
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], 'version', ARGV[2], 'account', ARGV[3])
redis.call('EXPIRE', KEYS[1], ARGV[1])
return 1
`;

/**
 * Stores an account in the view unless a newer version is there. `updatedAt` is auth's timestamp
 * of the account; equal versions overwrite (the same state, or a change within one millisecond
 * arriving last).
 */
export async function storeAccount(
  redis: Redis,
  prefix: string,
  account: AccountRecord,
  updatedAt: string,
  ttlSeconds = DEFAULT_ACCOUNT_TTL_SECONDS,
): Promise<boolean> {
  const entry: AccountRecord = account.tokens
    ? { ...pickAccount(account), tokens: account.tokens }
    : pickAccount(account);
  const version = Date.parse(updatedAt);
  if (Number.isNaN(version)) throw new Error(`Account ${account.id}: updatedAt is not a date`);
  const stored = await redis.eval(
    COMPARE_AND_SET,
    1,
    accountKey(prefix, account.id),
    String(ttlSeconds),
    String(version),
    JSON.stringify(entry),
  );
  return stored === 1;
}

/**
 * Marks the account deleted in the view (a tombstone at version `deletedAt`, which older writes do not
 * replace): every service's guard then refuses its tokens without asking auth.
 */
export async function storeAccountDeleted(
  redis: Redis,
  prefix: string,
  userId: string,
  deletedAt: string,
  ttlSeconds = DEFAULT_ACCOUNT_TTL_SECONDS,
): Promise<boolean> {
  const version = Date.parse(deletedAt);
  if (Number.isNaN(version)) throw new Error(`Account ${userId}: deletedAt is not a date`);
  return (
    (await redis.eval(
      COMPARE_AND_SET,
      1,
      accountKey(prefix, userId),
      String(ttlSeconds),
      String(version),
      'null',
    )) === 1
  );
}

/** Only the account's fields (a caller may hand in a wider object, e.g. a test user with its token). */
export const pickAccount = ({
  id,
  email,
  emailVerified,
  name,
  plan,
  isAdmin,
}: Account): Account => ({
  id,
  email,
  emailVerified,
  name,
  plan,
  isAdmin,
});

const fromEvent = (data: UserChangedData): AccountRecord => ({
  id: data.userId,
  email: data.email,
  emailVerified: data.emailVerified,
  name: data.name,
  plan: data.plan,
  isAdmin: data.isAdmin,
  ...(data.tokens ? { tokens: data.tokens } : {}),
});

/** Auth's GET /internal/users/:id (its token state absent from an older auth). */
const internalUserSchema = meResponseSchema.extend({ tokens: tokenStateSchema.optional() });

export function createAccountDirectory(options: AccountDirectoryOptions): AccountDirectory {
  const { redis, prefix } = options;
  const ttl = options.ttlSeconds ?? DEFAULT_ACCOUNT_TTL_SECONDS;
  const timeoutMs = options.timeoutMs ?? 3_000;
  const inFlight = new Map<string, Promise<AccountRecord | null>>();

  const unavailable = () =>
    new HttpError(503, ACCOUNTS_UNAVAILABLE, 'accounts_unavailable', { 'retry-after': '5' });

  /** The view's entry: undefined when it has none, null for a deleted account. */
  const cached = async (userId: string): Promise<AccountRecord | null | undefined> => {
    const raw = await redis.hget(accountKey(prefix, userId), 'account');
    return raw ? (JSON.parse(raw) as AccountRecord | null) : undefined;
  };

  /** Asks auth; null when it does not know the account; 503 when it cannot answer. */
  const fetchFromAuth = async (userId: string): Promise<AccountRecord | null> => {
    const url = new URL(`/internal/users/${encodeURIComponent(userId)}`, options.authUrl);
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { 'x-internal-token': options.internalToken ?? '', accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      throw unavailable();
    }
    if (response.status === 404 || response.status === 400) return null;
    if (!response.ok) throw unavailable();
    const parsed = internalUserSchema.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw unavailable();
    const { user, tokens } = parsed.data;
    const account: AccountRecord = {
      id: user.id,
      email: user.email,
      emailVerified: user.emailVerified,
      name: user.name,
      plan: user.plan,
      isAdmin: user.isAdmin,
      ...(tokens ? { tokens } : {}),
    };
    try {
      await storeAccount(redis, prefix, account, user.updatedAt, ttl);
      // A user.changed (or deletion) may have landed meanwhile with a newer version: the view has the last word.
      const now = await cached(userId);
      return now === undefined ? account : now;
    } catch {
      return account; // Redis is down: auth's answer is the current account all the same
    }
  };

  const get: AccountLookup = async (userId) => {
    let hit: AccountRecord | null | undefined;
    try {
      hit = await cached(userId);
    } catch {
      // The view is out of reach (Redis down): ask the source itself rather than refuse or trust
      // the token. Auth answers from its database, so the rights stay current.
      return fetchFromAuth(userId);
    }
    if (hit !== undefined) return hit;
    const running = inFlight.get(userId);
    if (running) return running;
    const miss = fetchFromAuth(userId).finally(() => inFlight.delete(userId));
    inFlight.set(userId, miss);
    return miss;
  };

  const apply = (data: UserChangedData) =>
    storeAccount(redis, prefix, fromEvent(data), data.updatedAt, ttl);

  const consumers: Consumer[] = [];
  if (options.events) {
    const { bus, service, onError } = options.events;
    // The bus parses each event by the catalog: one that does not match never reaches these handlers.
    consumers.push(
      bus.consume({
        topic: TOPICS.userChanged,
        group: `${service}:accounts`,
        consumer: options.events.consumer,
        startId: '0',
        handler: async (event) => {
          await apply(event.data);
        },
        ...(onError ? { onError } : {}),
      }),
    );
    consumers.push(
      bus.consume({
        topic: TOPICS.userDeleted,
        group: `${service}:accounts-deleted`,
        consumer: options.events.consumer,
        startId: '0',
        handler: async (event) => {
          await storeAccountDeleted(redis, prefix, event.data.userId, event.data.deletedAt, ttl);
        },
        ...(onError ? { onError } : {}),
      }),
    );
  }

  return {
    get,
    apply,
    ready: Promise.all(consumers.map((c) => c.ready)).then(() => {}),
    close: async () => {
      await Promise.all(consumers.map((c) => c.stop()));
    },
  };
}
