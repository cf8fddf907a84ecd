import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '@oneeta/service-kit';
import { invites, participants, sessions } from './schema.js';

/** Reads shared by every route: one session with its participants and invites. */
export function createSessionsStore(db: Database) {
  return {
    db,
    async load(id: string) {
      const [session] = await db.select().from(sessions).where(eq(sessions.id, id));
      if (!session) return undefined;
      const [people, invited] = await Promise.all([
        db.select().from(participants).where(eq(participants.sessionId, id)).orderBy(asc(participants.position), asc(participants.createdAt)),
        db.select().from(invites).where(eq(invites.sessionId, id)).orderBy(asc(invites.createdAt)),
      ]);
      return { session, participants: people, invites: invited };
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
