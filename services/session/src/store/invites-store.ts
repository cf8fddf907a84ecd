import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { countInvitesUsed, planSchema, type Plan } from '@oneeta/contracts';
import type { AuthUser, Database } from '@oneeta/service-kit';
import { nextPosition, type Tx } from './participants-store.js';
import { lockUserUsage } from './user-lock.js';
import { invites, participants, sessions, type InviteRow, type SessionRow } from './schema.js';

/** The owner's plan as stored on the session; 'free' when unknown. */
export const ownerPlanOf = (session: Pick<SessionRow, 'ownerPlan'>): Plan =>
  planSchema.safeParse(session.ownerPlan).data ?? 'free';

/** The pending participant row that stands for an invite until it is accepted. */
export const pendingRowId = (inviteId: string) => `invite:${inviteId}`;

export interface NewInvite {
  id: string;
  sessionId: string;
  name: string;
  email: string;
  code: string;
  inviter: AuthUser;
}

export type AcceptOutcome =
  { kind: 'accepted'; participantId: string } | { kind: 'taken'; invite: InviteRow };

/**
 * The session's invites held against the owner's plan (`countInvitesUsed`): pending ones plus
 * accepted ones whose person is still an active participant; who left or was removed frees it.
 */
export async function invitesUsedIn(db: Database | Tx, sessionId: string): Promise<number> {
  const held = await db
    .select({ status: invites.status, participantId: invites.participantId })
    .from(invites)
    .where(and(eq(invites.sessionId, sessionId), inArray(invites.status, ['pending', 'accepted'])));
  const active = await db
    .select({ id: participants.id, status: participants.status })
    .from(participants)
    .where(and(eq(participants.sessionId, sessionId), eq(participants.status, 'active')));
  return countInvitesUsed(held, active);
}

export function createInvitesStore(db: Database) {
  /** Serialises limit checks on one session (a row lock on Postgres; PGlite runs one at a time). */
  const lockSession = (tx: Tx, id: string) =>
    tx.select({ id: sessions.id }).from(sessions).where(eq(sessions.id, id)).for('update');

  return {
    byCode: async (sessionId: string, code: string) =>
      (
        await db
          .select()
          .from(invites)
          .where(and(eq(invites.sessionId, sessionId), eq(invites.code, code)))
      )[0],
    byId: async (sessionId: string, id: string) =>
      (
        await db
          .select()
          .from(invites)
          .where(and(eq(invites.sessionId, sessionId), eq(invites.id, id)))
      )[0],

    /**
     * Pending invites addressed to `email` (the caller's verified e-mail) in open sessions they do
     * not own, newest first, with what the invitee needs to decide: where, when and from whom.
     */
    pendingFor: async (email: string, userId: string, limit: number) =>
      db
        .select({
          inviteId: invites.id,
          sessionId: invites.sessionId,
          code: invites.code,
          name: invites.name,
          inviterName: invites.inviterName,
          createdAt: invites.createdAt,
          destination: sessions.destination,
          arriveAt: sessions.arriveAt,
          tzId: sessions.tzId,
        })
        .from(invites)
        .innerJoin(sessions, eq(sessions.id, invites.sessionId))
        .where(
          and(
            eq(sql`lower(${invites.email})`, email.toLowerCase()),
            eq(invites.status, 'pending'),
            eq(sessions.isClosed, false),
            isNull(sessions.closedAt),
            ne(sessions.creatorUserId, userId),
          ),
        )
        .orderBy(desc(invites.createdAt), desc(invites.id))
        .limit(limit),

    /**
     * Creates the invite and its pending participant. The owner's plan on the session is refreshed
     * from their token; then `guard` runs under the session's lock (the plan's room for invites) and
     * throws to refuse.
     */
    async create(input: NewInvite, guard: (tx: Tx) => Promise<void>): Promise<InviteRow> {
      return db.transaction(async (tx) => {
        await lockSession(tx, input.sessionId);
        const plan = input.inviter.plan;
        await tx.update(sessions).set({ ownerPlan: plan }).where(eq(sessions.id, input.sessionId));
        await guard(tx);
        const participantId = pendingRowId(input.id);
        const [row] = await tx
          .insert(invites)
          .values({
            id: input.id,
            sessionId: input.sessionId,
            name: input.name,
            email: input.email,
            code: input.code,
            inviterUserId: input.inviter.id,
            inviterName: input.inviter.name ?? input.inviter.email,
            participantId,
          })
          .returning();
        await tx.insert(participants).values({
          sessionId: input.sessionId,
          id: participantId,
          name: input.name,
          email: input.email,
          status: 'pending',
          position: nextPosition(input.sessionId),
        });
        return row!;
      });
    },

    /**
     * Turns the pending row into the active participant 'user:<id>' and marks the invite accepted,
     * in one transaction; `guard` runs first under the session's and the user's locks (the plans'
     * limits) and throws to refuse.
     */
    async accept(
      session: SessionRow,
      invite: InviteRow,
      user: AuthUser,
      at: { lat: number; lon: number; source?: 'device' | 'address' },
      guard: (tx: Tx) => Promise<void>,
    ): Promise<AcceptOutcome> {
      return db.transaction(async (tx) => {
        await lockSession(tx, session.id);
        const [current] = await tx
          .select()
          .from(invites)
          .where(eq(invites.id, invite.id))
          .for('update');
        if (!current || current.status !== 'pending')
          return { kind: 'taken', invite: current ?? invite };
        // The check and the join under the user's lock: parallel accepts of one user take turns.
        await lockUserUsage(tx, user.id);
        await guard(tx);
        const pendingId = current.participantId ?? pendingRowId(current.id);
        const [pending] = await tx
          .delete(participants)
          .where(
            and(
              eq(participants.sessionId, session.id),
              eq(participants.id, pendingId),
              eq(participants.status, 'pending'),
            ),
          )
          .returning({ position: participants.position });
        const participantId = `user:${user.id}`;
        const values = {
          name: user.name || current.name,
          email: user.email,
          lat: at.lat,
          lon: at.lon,
          locationSource: at.source ?? 'device',
          status: 'active' as const,
          enroute: false,
          updatedAt: new Date(),
        };
        await tx
          .insert(participants)
          .values({
            sessionId: session.id,
            id: participantId,
            userId: user.id,
            ...values,
            position: pending?.position ?? nextPosition(session.id),
          })
          .onConflictDoUpdate({ target: [participants.sessionId, participants.id], set: values });
        await tx
          .update(invites)
          .set({
            status: 'accepted',
            acceptedUserId: user.id,
            participantId,
            updatedAt: new Date(),
          })
          .where(eq(invites.id, current.id));
        return { kind: 'accepted', participantId };
      });
    },

    /** Marks a pending invite declined and drops its pending participant; false when not pending. */
    async decline(invite: InviteRow): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(invites)
          .set({ status: 'declined', updatedAt: new Date() })
          .where(and(eq(invites.id, invite.id), eq(invites.status, 'pending')))
          .returning();
        if (!row) return false;
        await tx
          .delete(participants)
          .where(
            and(
              eq(participants.sessionId, invite.sessionId),
              eq(participants.id, pendingRowId(invite.id)),
              eq(participants.status, 'pending'),
            ),
          );
        return true;
      });
    },

    /** Deletes the invite and, while it is pending, its pending participant. */
    async remove(invite: InviteRow) {
      await db.transaction(async (tx) => {
        await tx.delete(invites).where(eq(invites.id, invite.id));
        await tx
          .delete(participants)
          .where(
            and(
              eq(participants.sessionId, invite.sessionId),
              eq(participants.id, pendingRowId(invite.id)),
              eq(participants.status, 'pending'),
            ),
          );
      });
    },
  };
}

export type InvitesStore = ReturnType<typeof createInvitesStore>;
