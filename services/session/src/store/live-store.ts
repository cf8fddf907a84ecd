import { and, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { SHARING_ENDS_AFTER_HOURS } from '@oneeta/contracts';
import type { Database } from '@oneeta/service-kit';
import { participants, sessions, type ParticipantRow, type SessionRow } from './schema.js';

/** Reads and writes of the live check, in the caller's transaction. */
export function createLiveStore(tx: Database) {
  return {
    /** The session under its row lock (two checks at once never both alert). */
    async lockSession(sessionId: string): Promise<SessionRow | undefined> {
      const [session] = await tx
        .select()
        .from(sessions)
        .where(eq(sessions.id, sessionId))
        .for('update');
      return session;
    },
    async session(sessionId: string): Promise<SessionRow | undefined> {
      const [session] = await tx.select().from(sessions).where(eq(sessions.id, sessionId));
      return session;
    },
    participants: (sessionId: string): Promise<ParticipantRow[]> =>
      tx.select().from(participants).where(eq(participants.sessionId, sessionId)),
    async updateParticipant(
      sessionId: string,
      id: string,
      fields: Partial<ParticipantRow>,
    ): Promise<void> {
      await tx
        .update(participants)
        .set(fields)
        .where(and(eq(participants.sessionId, sessionId), eq(participants.id, id)));
    },
    async updateSession(sessionId: string, fields: Partial<SessionRow>): Promise<void> {
      await tx.update(sessions).set(fields).where(eq(sessions.id, sessionId));
    },
  };
}

/**
 * Open sessions the periodic live check looks at: a destination, sharing not yet ended, and an
 * arrival time at most a day ahead (nobody travels longer) and not so far behind that sharing must
 * have ended (an hour of margin, so a stopped service still records the end when it is back).
 */
export async function liveCandidates(db: Database, now: Date): Promise<string[]> {
  const from = new Date(now.getTime() - (SHARING_ENDS_AFTER_HOURS + 1) * 3_600_000);
  const to = new Date(now.getTime() + 24 * 3_600_000);
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.isClosed, false),
        isNull(sessions.closedAt),
        isNull(sessions.sharingEndedAt),
        isNotNull(sessions.destination),
        gt(sessions.arriveAt, from),
        lt(sessions.arriveAt, to),
      ),
    )
    .orderBy(sql`${sessions.arriveAt}`)
    .limit(5_000);
  return rows.map((r) => r.id);
}
