import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '@oneeta/service-kit';
import { invites, participants, revisions, sessions, type ParticipantRow } from './schema.js';
import { createSuggestionsStore } from './suggestions-store.js';

/** Reads shared by every route: one session with its participants and invites. */
export function createSessionsStore(db: Database) {
  /** The session's change counter (0 before its first change). */
  const revision = async (id: string) =>
    (
      await db
        .select({ revision: revisions.revision })
        .from(revisions)
        .where(eq(revisions.sessionId, id))
    )[0]?.revision ?? 0;
  return {
    db,
    /**
     * The session with its rows (and its suggestion with its votes). `revision` is read first: a change committed in between shows in
     * the rows but not in it, so it is never newer than what they show (a page then refetches once
     * more, and never skips a change).
     */
    async load(id: string) {
      const counted = await revision(id);
      const [session] = await db.select().from(sessions).where(eq(sessions.id, id));
      if (!session) return undefined;
      const [people, invited, suggestion] = await Promise.all([
        db
          .select()
          .from(participants)
          .where(eq(participants.sessionId, id))
          .orderBy(asc(participants.position), asc(participants.createdAt)),
        db.select().from(invites).where(eq(invites.sessionId, id)).orderBy(asc(invites.createdAt)),
        // The "Where should we meet?" suggestion, whether or not it still counts (the view decides).
        createSuggestionsStore(db).ofSession(id),
      ]);
      return { session, participants: people, invites: invited, revision: counted, suggestion };
    },
    revision,
    /** Counts a change and returns the session's new revision; called once per change, after its outbox rows. */
    async bumpRevision(id: string): Promise<number> {
      const [row] = await db
        .insert(revisions)
        .values({ sessionId: id, revision: 1 })
        .onConflictDoUpdate({
          target: revisions.sessionId,
          set: { revision: sql`${revisions.revision} + 1` },
        })
        .returning({ revision: revisions.revision });
      return row!.revision;
    },
    /**
     * What decides whether a user belongs to a session, in one query: the owner, the user's own
     * participant row, and whether a pending invite is addressed to `email` (a verified one).
     */
    async membership(id: string, userId: string, email: string | null) {
      const [row] = await db
        .select({
          creatorUserId: sessions.creatorUserId,
          status: sql<
            ParticipantRow['status'] | null
          >`(select ${participants.status} from ${participants} where ${participants.sessionId} = ${id} and ${participants.userId} = ${userId})`,
          invited:
            email === null
              ? sql<boolean>`false`
              : sql<boolean>`exists (select 1 from ${invites} where ${invites.sessionId} = ${id} and ${invites.status} = 'pending' and lower(${invites.email}) = lower(${email}))`,
        })
        .from(sessions)
        .where(eq(sessions.id, id));
      if (!row) return undefined;
      return {
        session: { creatorUserId: row.creatorUserId },
        participants: row.status ? [{ userId, status: row.status }] : [],
        invites: row.invited && email !== null ? [{ email, status: 'pending' as const }] : [],
      };
    },
    /** The owner's plan recorded on the session (route-matrix job priority). */
    ownerPlan: async (id: string) =>
      (await db.select({ plan: sessions.ownerPlan }).from(sessions).where(eq(sessions.id, id)))[0]
        ?.plan,
    participant: async (sessionId: string, id: string) =>
      (
        await db
          .select()
          .from(participants)
          .where(and(eq(participants.sessionId, sessionId), eq(participants.id, id)))
      )[0],
  };
}

export type SessionsStore = ReturnType<typeof createSessionsStore>;
export type LoadedSession = NonNullable<Awaited<ReturnType<SessionsStore['load']>>>;
