import { TOPICS, type User, type UserChangedData } from '@oneeta/contracts';
import { createRateLimiter, type Database, type EventBus, type Redis } from '@oneeta/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import { changedFields, claimsOf, toUser } from './domain/users.js';
import type { KeyRing } from './keys.js';
import type { SmsSender } from './providers/sms.js';
import type { UserRow } from './store/schema.js';
import { createUsersStore } from './store/users-store.js';

export interface AuthDeps {
  config: Config;
  db: Database;
  redis: Redis;
  bus: Pick<EventBus, 'publish'>;
  keys: KeyRing;
  /** Defaults to the embedded outbox adapter. */
  sms?: SmsSender;
  /** Readiness of the database (the handle's ping). */
  pingDb: () => Promise<void>;
}

/** What the route modules share: stores, token issuing, events, limits. */
export function createContext(deps: AuthDeps & { sms: SmsSender }, log: FastifyBaseLogger) {
  const { config } = deps;
  const view = (row: UserRow): User => toUser(row, config.ADMIN_EMAIL);
  return {
    config,
    users: createUsersStore(deps.db),
    sms: deps.sms,
    limiter: createRateLimiter(deps.redis, `${config.REDIS_PREFIX}:rl:auth`),
    jwks: deps.keys.jwks,
    view,
    /** The user as the API shows it, with a fresh token carrying current claims. */
    session: async (row: UserRow) => {
      const user = view(row);
      return { token: await deps.keys.sign(claimsOf(user), config.JWT_TTL_SECONDS), user };
    },
    /** Publishes user.changed when plan, name or e-mail changed; a bus outage is logged, not fatal. */
    publishChanged: async (before: UserRow, after: UserRow) => {
      const [b, a] = [view(before), view(after)];
      const changed = changedFields(b, a);
      if (changed.length === 0) return;
      const data: UserChangedData = {
        userId: a.id,
        email: a.email,
        name: a.name,
        plan: a.plan,
        isAdmin: a.isAdmin,
        changed,
      };
      try {
        await deps.bus.publish(TOPICS.userChanged, data);
      } catch (err) {
        log.error({ err, userId: a.id }, 'user.changed not published');
      }
    },
  };
}

export type AuthContext = ReturnType<typeof createContext>;
