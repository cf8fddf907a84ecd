import { planSchema, TOPICS, type Plan } from '@oneeta/contracts';
import {
  consumeEvents,
  type AccountLookup,
  type Consumer,
  type Database,
  type EventBus,
  type Outbox,
  type Redis,
} from '@oneeta/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import { createNotifier, memberRemoved } from '../actions/notify.js';
import {
  purgeAccountFromSession,
  sessionsOfAccount,
  type DeletedAccount,
} from '../actions/account-purge.js';
import { inviteEmailKeys } from '../store/invite-emails.js';

/** The session service's consumer group on `user.deleted`. */
export const USER_DELETED_GROUP = 'session:user-deleted';

/** Why the session changed, on its session.changed. */
export const ACCOUNT_DELETED_REASON = 'account-deleted';

export interface UserDeletedConsumerDeps {
  bus: Pick<EventBus, 'consume'>;
  db: Database;
  outbox: Outbox;
  wakeRelay?: () => void;
  redis: Redis;
  /** REDIS_PREFIX. */
  prefix: string;
  /** This replica's consumer name (unique per process). */
  consumer: string;
  /** ROUTE_JOB_DEBOUNCE_MS: the route job of a session whose participants changed. */
  routeJobDelayMs: number;
  /** The new owner's plan when a session is handed over ('free' when it cannot be read). */
  accounts?: AccountLookup;
  log: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>;
  startId?: '$' | '0';
}

/**
 * Takes a deleted account out of every session: one transaction per session, in id order (see
 * purgeAccountFromSession), each writing with its change the `member-removed` frame (every /ws hub
 * drops the user's subscriptions) and session.changed, the schedule and the refresh frame through
 * the outbox. Running it again finds nothing left and writes nothing.
 */
export function createAccountPurger(
  deps: Omit<UserDeletedConsumerDeps, 'bus' | 'consumer' | 'startId'>,
) {
  const notify = createNotifier({ outbox: deps.outbox, routeJobDelayMs: deps.routeJobDelayMs });
  const planOf = async (userId: string): Promise<Plan> => {
    try {
      return planSchema.safeParse((await deps.accounts?.(userId))?.plan).data ?? 'free';
    } catch {
      return 'free'; // the session's plan is refreshed on the new owner's next save or invite
    }
  };
  return async function purge(account: DeletedAccount, now = new Date()): Promise<string[]> {
    const touched: string[] = [];
    for (const sessionId of await sessionsOfAccount(deps.db, account)) {
      const outcome = await deps.db.transaction(async (handle) => {
        const tx = handle as unknown as Database;
        const result = await purgeAccountFromSession(tx, sessionId, account, planOf, now);
        if (!result?.changed) return result;
        if (result.wasMember) await memberRemoved(deps.outbox, tx, sessionId, account.userId);
        await notify(
          tx,
          sessionId,
          ACCOUNT_DELETED_REASON,
          result.open ? 'participants' : undefined,
          { userIds: 'all' },
        );
        return result;
      });
      if (outcome?.changed) touched.push(sessionId);
    }
    // Today's and yesterday's invite e-mail counts name the account and its address.
    const days = [now, new Date(now.getTime() - 86_400_000)].map((d) =>
      inviteEmailKeys(deps.prefix, account.userId, account.email, d),
    );
    await deps.redis.del(...days.flatMap((k) => [k.sender, k.recipient]));
    if (touched.length > 0) deps.wakeRelay?.();
    return touched;
  };
}

/** Consumes `user.deleted` (group USER_DELETED_GROUP, idempotent by event id) with createAccountPurger. */
export function startUserDeletedConsumer(deps: UserDeletedConsumerDeps): Consumer {
  const purge = createAccountPurger(deps);
  return consumeEvents(deps, {
    topic: TOPICS.userDeleted,
    group: USER_DELETED_GROUP,
    once: true,
    startId: deps.startId ?? '0',
    failure: 'user.deleted handling failed',
    handle: async ({ userId, email }, event) => {
      const touched = await purge({ userId, email });
      deps.log.info(
        { eventId: event.id, sessions: touched.length },
        'deleted account taken out of its sessions',
      );
    },
  });
}
