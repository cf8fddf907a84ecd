import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '@oneeta/service-kit';
import { invites, participants, revisions, sessions } from './schema.js';

/** Reads shared by every route: one session with its participants and invites. */
export function createSessionsStore(db: Database) {
  /** The session's change counter (0 before its first change). */
  const revision = async (id: string) =>
    (await db.select({ revision: revisions.revision }).from(revisions).where(eq(revisions.sessionId, id)))[0]?.revision ?? 0;
  return {
    db,
    /**
     * The session with its rows. `revision` is read first: a change committed in between shows in
     * the rows but not in it, so it is never newer than what they show (a page then refetches once
     * more, and never skips a change).
     */
    async load(id: string) {
      const counted = await revision(id);
      const [session] = await db.select().from(sessions).where(eq(sessions.id, id));
      if (!session) return undefined;
      const [people, invited] = await Promise.all([
        db.select().from(participants).where(eq(participants.sessionId, id)).orderBy(asc(participants.position), asc(participants.createdAt)),
        db.select().from(invites).where(eq(invites.sessionId, id)).orderBy(asc(invites.createdAt)),
      ]);
      return { session, participants: people, invites: invited, revision: counted };
    },
    revision,
    /** Counts a change; called last in the change's transaction (the row's lock is taken last). */
    async bumpRevision(id: string) {
      await db
        .insert(revisions)
        .values({ sessionId: id, revision: 1 })
        .onConflictDoUpdate({ target: revisions.sessionId, set: { revision: sql`${revisions.revision} + 1` } });
    },
    /** The owner's plan recorded on the session (route-matrix job priority). */
    ownerPlan: async (id: string) =>
      (await db.select({ plan: sessions.ownerPlan }).from(sessions).where(eq(sessions.id, id)))[0]?.plan,
    participant: async (sessionId: string, id: string) =>
      (await db.select().from(participants).where(and(eq(participants.sessionId, sessionId), eq(participants.id, id))))[0],
  };
}

export type SessionsStore = ReturnType<typeof createSessionsStore>;
export type LoadedSession = NonNullable<Awaited<ReturnType<SessionsStore['load']>>>;
