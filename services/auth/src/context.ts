import { TOPICS, type User, type UserChangedData } from '@oneeta/contracts';
import { createRateLimiter, type Database, type Outbox, type Redis } from '@oneeta/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import { changedFields, claimsOf, toUser } from './domain/users.js';
import type { KeyRing } from './keys.js';
import {
  VERIFY_EMAIL_PURPOSE,
  VERIFY_EMAIL_TTL_SECONDS,
  verificationEmail,
  verificationLink,
} from './domain/email-verification.js';
import type { EmailSender } from './providers/email.js';
import type { SmsSender } from './providers/sms.js';
import type { UserRow } from './store/schema.js';
import { createUsersStore } from './store/users-store.js';

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
  /** Defaults to the embedded outbox adapter. */
  email?: EmailSender;
  /** Readiness of the database (the handle's ping). */
  pingDb: () => Promise<void>;
}

/** What the route modules share: stores, token issuing, events, limits. */
export function createContext(
  deps: AuthDeps & { sms: SmsSender; email: EmailSender },
  log: FastifyBaseLogger,
) {
  const { config } = deps;
  const view = (row: UserRow): User => toUser(row, config.ADMIN_EMAIL);
  return {
    config,
    users: createUsersStore(deps.db),
    sms: deps.sms,
    keys: deps.keys,
    limiter: createRateLimiter(deps.redis, `${config.REDIS_PREFIX}:rl:auth`),
    jwks: deps.keys.jwks,
    view,
    /** The user as the API shows it, with a fresh token carrying current claims. */
    session: async (row: UserRow) => {
      const user = view(row);
      return { token: await deps.keys.sign(claimsOf(user), config.JWT_TTL_SECONDS), user };
    },
    /**
     * Sends a signed 24-hour link for the account's current e-mail. The account change it follows
     * is already saved, so a failure is logged (the user can ask for a new link), not thrown.
     * True when the message was handed to the e-mail port.
     */
    sendVerificationLink: async (row: UserRow): Promise<boolean> => {
      try {
        const token = await deps.keys.signPurpose(
          VERIFY_EMAIL_PURPOSE,
          { sub: row.id, email: row.email },
          VERIFY_EMAIL_TTL_SECONDS,
        );
        await deps.email.send(
          verificationEmail(row.email, verificationLink(config.PUBLIC_URL, token)),
        );
        return true;
      } catch (err) {
        log.error({ err: errorSummary(err), userId: row.id }, 'verification e-mail not sent');
        return false;
      }
    },
    /**
     * Runs a write in one transaction (`users` is the store on it) and wakes the outbox relay after
     * the commit; call publishChanged(before, after, tx) inside it.
     */
    transaction: async <T>(fn: (tx: Database, users: ReturnType<typeof createUsersStore>) => Promise<T>): Promise<T> => {
      const result = await deps.db.transaction(async (handle) => {
        const tx = handle as unknown as Database;
        return fn(tx, createUsersStore(tx));
      });
      deps.wakeRelay?.();
      return result;
    },
    /**
     * Writes user.changed (when plan, name, e-mail, verification or admin rights changed) to the
     * outbox: in `tx` when given, so the event commits with the change; else in its own statement.
     */
    publishChanged: async (before: UserRow, after: UserRow, tx?: Database) => {
      const [b, a] = [view(before), view(after)];
      const changed = changedFields(b, a);
      if (changed.length === 0) return;
      const data: UserChangedData = {
        userId: a.id,
        email: a.email,
        name: a.name,
        plan: a.plan,
        isAdmin: a.isAdmin,
        emailVerified: a.emailVerified,
        updatedAt: a.updatedAt,
        changed,
      };
      await deps.outbox.add(tx ?? deps.db, { aggregate: `user:${a.id}`, kind: 'event', topic: TOPICS.userChanged, data });
      if (!tx) deps.wakeRelay?.();
    },
  };
}

export type AuthContext = ReturnType<typeof createContext>;

/** Only the error's code and message: driver errors carry the failed query's parameters. */
function errorSummary(err: unknown) {
  const { code, message } = (err ?? {}) as { code?: unknown; message?: unknown };
  return { code, message: typeof message === 'string' ? message.split('\n')[0] : String(err) };
}
