import {
  TOPICS,
  type EmailVerificationRequestedData,
  type User,
  type UserChangedData,
} from '@oneeta/contracts';
import { randomUUID } from 'node:crypto';
import {
  createRateLimiter,
  pickAccount,
  storeAccount,
  type AccountRecord,
  type Database,
  type Outbox,
  type Redis,
} from '@oneeta/service-kit';
import type { Config } from './config.js';
import { changedFields, claimsOf, toUser } from './domain/users.js';
import {
  VERIFY_EMAIL_PURPOSE,
  VERIFY_EMAIL_TTL_SECONDS,
  verificationLink,
} from './domain/email-verification.js';
import {
  keyRingOf,
  newPrivateJwk,
  parsePrivateJwk,
  publicOf,
  type KeyRing,
} from './domain/key-ring.js';
import { tokenStateOf, tokensDiffer, type TokenPatch } from './domain/tokens.js';
import type { SmsSender } from './providers/sms.js';
import { createUserDataClient } from './providers/user-data.js';
import { addKey, oldestKey } from './store/signing-keys-store.js';
import type { UserRow } from './store/schema.js';
import { createUsersStore } from './store/users-store.js';
import { createLoginThrottle } from './actions/login-throttle.js';

export interface AuthDeps {
  config: Config;
  db: Database;
  redis: Redis;
  /** The service's transactional outbox (openServiceOutbox); its relay publishes user.changed. */
  outbox: Outbox;
  /** Wakes the outbox relay after a commit that added rows (else it finds them on its next poll). */
  wakeRelay?: () => void;
  keys: KeyRing;
  /** Defaults to the embedded outbox adapter. */
  sms?: SmsSender;
  /** Readiness of the database (the handle's ping). */
  pingDb: () => Promise<void>;
}

/**
 * The signing key: from JWT_PRIVATE_KEY when given; else the oldest stored key, generating and
 * storing one on first start (replicas racing on first start may both insert; all then use the oldest key).
 */
export async function loadKeyRing(db: Database, privateJwkJson?: string): Promise<KeyRing> {
  if (privateJwkJson) return keyRingOf(parsePrivateJwk(privateJwkJson));
  let stored = await oldestKey(db);
  if (!stored) {
    const fresh = await newPrivateJwk();
    await addKey(db, fresh, publicOf(fresh));
    stored = (await oldestKey(db))!;
  }
  return keyRingOf(stored);
}

/** What the route modules share: stores, token issuing, events, limits. */
export function createContext(deps: AuthDeps & { sms: SmsSender }) {
  const { config } = deps;
  const view = (row: UserRow): User => toUser(row, config.ADMIN_EMAIL);
  /** The account as every service's guard checks it: the user and which of its tokens still work. */
  const accountRecord = (row: UserRow): AccountRecord => ({
    ...pickAccount(view(row)),
    tokens: tokenStateOf(row),
  });
  /**
   * Puts the account in the services' shared Redis view at once (user.changed follows through the
   * outbox and says the same), so a revocation is refused everywhere without waiting for the relay.
   */
  const pushView = async (row: UserRow) => {
    try {
      await storeAccount(
        deps.redis,
        config.REDIS_PREFIX,
        accountRecord(row),
        row.updatedAt.toISOString(),
      );
    } catch {
      // Redis is out of reach: the user.changed event in the outbox brings the view up to date.
    }
  };
  /**
   * Runs a write in one transaction (`users` is the store on it) and wakes the outbox relay after
   * the commit; call publishChanged(before, after, tx) inside it.
   */
  const transact = async <T>(
    fn: (tx: Database, users: ReturnType<typeof createUsersStore>) => Promise<T>,
  ): Promise<T> => {
    const result = await deps.db.transaction(async (handle) => {
      const tx = handle as unknown as Database;
      return fn(tx, createUsersStore(tx));
    });
    deps.wakeRelay?.();
    return result;
  };
  /**
   * Writes user.changed (when plan, name, e-mail, verification or admin rights changed) to the
   * outbox: in `tx` when given, so the event commits with the change; else in its own statement.
   */
  const publishChanged = async (before: UserRow, after: UserRow, tx?: Database) => {
    const [b, a] = [view(before), view(after)];
    const tokens = tokenStateOf(after);
    const changed: UserChangedData['changed'] = [
      ...changedFields(b, a),
      ...(tokensDiffer(tokenStateOf(before), tokens) ? (['tokens'] as const) : []),
    ];
    if (changed.length === 0) return;
    const data: UserChangedData = {
      userId: a.id,
      email: a.email,
      name: a.name,
      plan: a.plan,
      isAdmin: a.isAdmin,
      emailVerified: a.emailVerified,
      updatedAt: a.updatedAt,
      tokens,
      changed,
    };
    await deps.outbox.add(tx ?? deps.db, {
      aggregate: `user:${a.id}`,
      kind: 'event',
      topic: TOPICS.userChanged,
      data,
    });
    if (!tx) deps.wakeRelay?.();
  };
  return {
    config,
    users: createUsersStore(deps.db),
    sms: deps.sms,
    keys: deps.keys,
    limiter: createRateLimiter(deps.redis, `${config.REDIS_PREFIX}:rl:auth`),
    throttle: createLoginThrottle(deps),
    /** The other services' data about an account (the data export). */
    userData: createUserDataClient({
      urls: {
        session: config.SESSION_URL,
        notification: config.NOTIFICATION_URL,
        communication: config.COMMUNICATION_URL,
        billing: config.BILLING_URL,
        admin: config.ADMIN_URL,
      },
      internalToken: config.INTERNAL_TOKEN,
      timeoutMs: config.EXPORT_TIMEOUT_MS,
    }),
    outbox: deps.outbox,
    db: deps.db,
    redis: deps.redis,
    jwks: deps.keys.jwks,
    view,
    accountRecord,
    pushView,
    /**
     * The user as the API shows it, with a fresh token carrying current claims: of the sign-in
     * `sessionId` (a refresh keeps its device's), else of a new one.
     */
    session: async (row: UserRow, sessionId?: string) => {
      const user = view(row);
      const claims = claimsOf(user, { tv: row.tokenVersion, sid: sessionId ?? randomUUID() });
      return { token: await deps.keys.sign(claims, config.JWT_TTL_SECONDS), user };
    },
    /**
     * Asks for a verification e-mail to the account's current address: `email.verification_requested`
     * in the transaction `tx` that made the change (the notification service sends it, with a link
     * it gets from verificationLinkFor when it sends).
     */
    requestVerification: async (
      row: UserRow,
      reason: EmailVerificationRequestedData['reason'],
      tx: Database,
    ) => {
      const data: EmailVerificationRequestedData = { userId: row.id, email: row.email, reason };
      await deps.outbox.add(tx, {
        aggregate: `user:${row.id}`,
        kind: 'event',
        topic: TOPICS.emailVerificationRequested,
        data,
      });
    },
    /** A signed 24-hour link that verifies the account's current address. */
    verificationLinkFor: async (row: UserRow): Promise<string> => {
      const token = await deps.keys.signPurpose(
        VERIFY_EMAIL_PURPOSE,
        { sub: row.id, email: row.email },
        VERIFY_EMAIL_TTL_SECONDS,
      );
      return verificationLink(config.PUBLIC_URL, token);
    },
    transaction: transact,
    /**
     * Changes which of the account's tokens work (`patch` from the locked row, with other fields such
     * as a new password hash), in one transaction with its user.changed and `also` (e.g. dropping a
     * pending reset); then puts the account in the services' view. Undefined when the account is gone.
     */
    changeTokens: async (
      userId: string,
      patch: (row: UserRow) => TokenPatch & { passwordHash?: string },
      also?: (tx: Database, row: UserRow) => Promise<void>,
    ): Promise<UserRow | undefined> => {
      const after = await transact(async (tx, store) => {
        const before = await store.lockById(userId);
        if (!before) return undefined;
        const row = (await store.update(userId, patch(before)))!;
        await publishChanged(before, row, tx);
        await also?.(tx, row);
        return row;
      });
      if (after) await pushView(after);
      return after;
    },
    publishChanged,
  };
}

export type AuthContext = ReturnType<typeof createContext>;
