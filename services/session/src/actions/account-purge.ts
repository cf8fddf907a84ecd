import type { Plan } from '@oneeta/contracts';
import type { Database } from '@oneeta/service-kit';
import { successorOf } from '../domain/account-deletion.js';
import {
  closeOwnerless,
  handOver,
  participantsByAge,
  removeAccountRows,
  type DeletedAccount,
} from '../store/account-purge.js';
import { lockUserUsage } from '../store/user-lock.js';

export { sessionsOfAccount, type DeletedAccount } from '../store/account-purge.js';

/** What purging a deleted account changed in one session. */
export interface PurgeOutcome {
  /** The account was a member (owner or participant): its /ws subscriptions must be dropped. */
  wasMember: boolean;
  /** Something was written (so the session's change is announced). */
  changed: boolean;
  /** The user id of who took the session over, when the account owned it and someone could. */
  newOwner?: string;
  /** The session was closed because its owner left nobody to take over. */
  closed: boolean;
  /** Whether the session is still open afterwards (a route job is worth scheduling). */
  open: boolean;
}

/**
 * Takes a deleted account out of one session, inside the caller's transaction `tx` (removeAccountRows).
 * A session it owned passes to the longest-standing remaining participant with an account (their
 * plan from `planOf`), else it is closed (positions dropped) and owned by nobody.
 */
export async function purgeAccountFromSession(
  tx: Database,
  sessionId: string,
  account: DeletedAccount,
  planOf: (userId: string) => Promise<Plan>,
  now = new Date(),
): Promise<PurgeOutcome | undefined> {
  const removed = await removeAccountRows(tx, sessionId, account, now);
  if (!removed) return undefined;
  const { session, wasMember, changed } = removed;
  const open = !session.isClosed && session.closedAt === null;
  if (session.creatorUserId !== account.userId) return { wasMember, changed, closed: false, open };
  const successor = successorOf(await participantsByAge(tx, sessionId), account.userId);
  if (successor) {
    // What the new owner's plan counts changes: taken under their usage lock, like a join.
    await lockUserUsage(tx, successor.userId);
    await handOver(tx, sessionId, successor, await planOf(successor.userId), now);
    return { wasMember: true, changed: true, newOwner: successor.userId, closed: false, open };
  }
  await closeOwnerless(tx, session, now);
  return { wasMember: true, changed: true, closed: open, open: false };
}
