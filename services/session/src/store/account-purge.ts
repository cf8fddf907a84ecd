import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Plan } from '@oneeta/contracts';
import type { Database } from '@oneeta/service-kit';
import { DELETED_ACCOUNT, successorOf } from '../domain/account-deletion.js';
import { invites, participants, sessions } from './schema.js';
import { pendingRowId } from './invites-store.js';
import { lockUserUsage } from './user-lock.js';

export interface DeletedAccount {
  userId: string;
  email: string;
}

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

const sameEmail = (column: typeof invites.email | typeof participants.email, email: string) =>
  sql`lower(${column}) = lower(${email})`;

/** Every session holding anything of the account: owned, joined, invited to or invited from; sorted. */
export async function sessionsOfAccount(db: Database, account: DeletedAccount): Promise<string[]> {
  const { userId, email } = account;
  const [owned, joined, invited] = await Promise.all([
    db.select({ id: sessions.id }).from(sessions).where(eq(sessions.creatorUserId, userId)),
    db
      .select({ id: participants.sessionId })
      .from(participants)
      .where(or(eq(participants.userId, userId), sameEmail(participants.email, email))),
    db
      .select({ id: invites.sessionId })
      .from(invites)
      .where(or(eq(invites.inviterUserId, userId), eq(invites.acceptedUserId, userId), sameEmail(invites.email, email))),
  ]);
  return [...new Set([...owned, ...joined, ...invited].map((r) => r.id))].sort();
}

/**
 * Takes a deleted account out of one session, inside the caller's transaction `tx`: its participant
 * row goes (position, starting address, travel results with it); invites it sent that are still
 * pending and every invite addressed to it or accepted by it are deleted with their pending rows;
 * invites it sent that others answered keep no trace of it; other rows keep no copy of its e-mail.
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
  const { userId, email } = account;
  const [session] = await tx.select().from(sessions).where(eq(sessions.id, sessionId)).for('update');
  if (!session) return undefined;
  const wasOwner = session.creatorUserId === userId;
  let changed = false;

  const gone = await tx
    .delete(invites)
    .where(
      and(
        eq(invites.sessionId, sessionId),
        or(
          and(eq(invites.inviterUserId, userId), eq(invites.status, 'pending')),
          eq(invites.acceptedUserId, userId),
          sameEmail(invites.email, email),
        ),
      ),
    )
    .returning({ id: invites.id, participantId: invites.participantId });
  if (gone.length > 0) {
    changed = true;
    const pendingIds = gone.flatMap((i) => [pendingRowId(i.id), ...(i.participantId ? [i.participantId] : [])]);
    await tx
      .delete(participants)
      .where(and(eq(participants.sessionId, sessionId), eq(participants.status, 'pending'), inArray(participants.id, pendingIds)));
  }
  const answered = await tx
    .update(invites)
    .set({ inviterUserId: DELETED_ACCOUNT, inviterName: null, updatedAt: now })
    .where(and(eq(invites.sessionId, sessionId), eq(invites.inviterUserId, userId)))
    .returning({ id: invites.id });
  if (answered.length > 0) changed = true;

  const removed = await tx
    .delete(participants)
    .where(and(eq(participants.sessionId, sessionId), or(eq(participants.userId, userId), and(eq(participants.status, 'pending'), sameEmail(participants.email, email)))))
    .returning({ userId: participants.userId });
  const wasMember = wasOwner || removed.some((r) => r.userId === userId);
  if (removed.length > 0) changed = true;
  const scrubbed = await tx
    .update(participants)
    .set({ email: null, updatedAt: now })
    .where(and(eq(participants.sessionId, sessionId), sameEmail(participants.email, email)))
    .returning({ id: participants.id });
  if (scrubbed.length > 0) changed = true;

  const open = !session.isClosed && session.closedAt === null;
  if (!wasOwner) return { wasMember, changed, closed: false, open };

  const remaining = await tx
    .select()
    .from(participants)
    .where(eq(participants.sessionId, sessionId))
    .orderBy(asc(participants.createdAt), asc(participants.position));
  const successor = successorOf(remaining, userId);
  if (successor) {
    // What the new owner's plan counts changes: taken under their usage lock, like a join.
    await lockUserUsage(tx, successor.userId);
    const plan = await planOf(successor.userId);
    await tx.update(sessions).set({ creatorUserId: successor.userId, ownerPlan: plan, updatedAt: now }).where(eq(sessions.id, sessionId));
    await tx.update(participants).set({ isOwner: false }).where(and(eq(participants.sessionId, sessionId), ne(participants.id, successor.id)));
    await tx.update(participants).set({ isOwner: true, updatedAt: now }).where(and(eq(participants.sessionId, sessionId), eq(participants.id, successor.id)));
    return { wasMember: true, changed: true, newOwner: successor.userId, closed: false, open };
  }
  await tx
    .update(sessions)
    .set({ creatorUserId: DELETED_ACCOUNT, isClosed: true, closedAt: session.closedAt ?? now, updatedAt: now })
    .where(eq(sessions.id, sessionId));
  // A closed session keeps no locations.
  await tx.update(participants).set({ lat: null, lon: null, accuracy: null, updatedAt: now }).where(eq(participants.sessionId, sessionId));
  return { wasMember: true, changed: true, closed: open, open: false };
}
