import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Database } from '@oneeta/service-kit';
import { pendingRowId } from './invites-store.js';
import {
  DELETED_ACCOUNT,
  invites,
  participants,
  sessions,
  suggestions,
  type ParticipantRow,
  type SessionRow,
} from './schema.js';

export interface DeletedAccount {
  userId: string;
  email: string;
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
      .where(
        or(
          eq(invites.inviterUserId, userId),
          eq(invites.acceptedUserId, userId),
          sameEmail(invites.email, email),
        ),
      ),
  ]);
  return [...new Set([...owned, ...joined, ...invited].map((r) => r.id))].sort();
}

/**
 * Takes a deleted account's rows out of one session, inside the caller's transaction `tx`, under the
 * session's row lock: its participant row goes (position, starting address, travel results with
 * it); invites it sent that are still pending and every invite addressed to it or accepted by it are
 * deleted with their pending rows; invites it sent that others answered keep no trace of it; other
 * rows keep no copy of its e-mail; the session's suggestion goes when the account made it or is one
 * of its people. Returns the session as it was locked, whether the account was a
 * member and whether anything was written; undefined for an unknown session.
 */
export async function removeAccountRows(
  tx: Database,
  sessionId: string,
  account: DeletedAccount,
  now = new Date(),
): Promise<{ session: SessionRow; wasMember: boolean; changed: boolean } | undefined> {
  const { userId, email } = account;
  const [session] = await tx
    .select()
    .from(sessions)
    .where(eq(sessions.id, sessionId))
    .for('update');
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
    const pendingIds = gone.flatMap((i) => [
      pendingRowId(i.id),
      ...(i.participantId ? [i.participantId] : []),
    ]);
    await tx
      .delete(participants)
      .where(
        and(
          eq(participants.sessionId, sessionId),
          eq(participants.status, 'pending'),
          inArray(participants.id, pendingIds),
        ),
      );
  }
  const answered = await tx
    .update(invites)
    .set({ inviterUserId: DELETED_ACCOUNT, inviterName: null, updatedAt: now })
    .where(and(eq(invites.sessionId, sessionId), eq(invites.inviterUserId, userId)))
    .returning({ id: invites.id });
  if (answered.length > 0) changed = true;

  const removed = await tx
    .delete(participants)
    .where(
      and(
        eq(participants.sessionId, sessionId),
        or(
          eq(participants.userId, userId),
          and(eq(participants.status, 'pending'), sameEmail(participants.email, email)),
        ),
      ),
    )
    .returning({ id: participants.id, userId: participants.userId });
  const wasMember = wasOwner || removed.some((r) => r.userId === userId);
  if (removed.length > 0) changed = true;
  const scrubbed = await tx
    .update(participants)
    .set({ email: null, updatedAt: now })
    .where(and(eq(participants.sessionId, sessionId), sameEmail(participants.email, email)))
    .returning({ id: participants.id });
  if (scrubbed.length > 0) changed = true;
  // A suggestion names its people and their votes: one the account made or was counted in goes
  // (with its votes); it no longer held for the session's people anyway.
  const dropped = await tx
    .delete(suggestions)
    .where(
      and(
        eq(suggestions.sessionId, sessionId),
        or(
          eq(suggestions.createdBy, userId),
          sql`${suggestions.participantIds} ?| ${sql.param(removed.map((r) => r.id))}::text[]`,
        ),
      ),
    )
    .returning({ id: suggestions.id });
  if (dropped.length > 0) changed = true;

  return { session, wasMember, changed };
}

/** The session's participants, longest-standing first. */
export const participantsByAge = (tx: Database, sessionId: string): Promise<ParticipantRow[]> =>
  tx
    .select()
    .from(participants)
    .where(eq(participants.sessionId, sessionId))
    .orderBy(asc(participants.createdAt), asc(participants.position));

/** Hands the session to `successor` (a participant row with an account) on `plan`. */
export async function handOver(
  tx: Database,
  sessionId: string,
  successor: { id: string; userId: string },
  plan: SessionRow['ownerPlan'],
  now = new Date(),
): Promise<void> {
  await tx
    .update(sessions)
    .set({ creatorUserId: successor.userId, ownerPlan: plan, updatedAt: now })
    .where(eq(sessions.id, sessionId));
  await tx
    .update(participants)
    .set({ isOwner: false })
    .where(and(eq(participants.sessionId, sessionId), ne(participants.id, successor.id)));
  await tx
    .update(participants)
    .set({ isOwner: true, updatedAt: now })
    .where(and(eq(participants.sessionId, sessionId), eq(participants.id, successor.id)));
}

/** Closes the session under nobody's ownership; a closed session keeps no locations. */
export async function closeOwnerless(
  tx: Database,
  session: SessionRow,
  now = new Date(),
): Promise<void> {
  await tx
    .update(sessions)
    .set({
      creatorUserId: DELETED_ACCOUNT,
      isClosed: true,
      closedAt: session.closedAt ?? now,
      updatedAt: now,
    })
    .where(eq(sessions.id, session.id));
  await tx
    .update(participants)
    .set({ lat: null, lon: null, accuracy: null, updatedAt: now })
    .where(eq(participants.sessionId, session.id));
}
