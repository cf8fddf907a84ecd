import {
  and,
  count,
  desc,
  eq,
  exists,
  isNotNull,
  isNull,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Database } from '@oneeta/service-kit';
import { participants, sessions } from './schema.js';

const openCond = and(eq(sessions.isClosed, false), isNull(sessions.closedAt))!;
const closedCond = or(eq(sessions.isClosed, true), isNotNull(sessions.closedAt))!;

/** Sessions in which `userId` holds an active participant row. */
const activeIn = (db: Database, userId: string) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(participants)
      .where(
        and(
          eq(participants.sessionId, sessions.id),
          eq(participants.userId, userId),
          eq(participants.status, 'active'),
        ),
      ),
  );

/** updatedAt exactly as Postgres holds it (microseconds), for the cursor. */
const updatedAtText = sql<string>`to_char(${sessions.updatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** A user's sessions (owned, or joined as an active participant) and plan usage. */
export function createListStore(db: Database) {
  return {
    /** Newest first by (updatedAt, id); `limit + 1` rows are read to know whether a next page exists. */
    async mine(
      userId: string,
      status: 'open' | 'closed',
      limit: number,
      after: { updatedAt: string; id: string } | null,
    ) {
      const where: SQL[] = [
        or(eq(sessions.creatorUserId, userId), activeIn(db, userId))!,
        status === 'open' ? openCond : closedCond,
      ];
      if (after)
        where.push(
          sql`(${sessions.updatedAt}, ${sessions.id}) < (${after.updatedAt}::timestamptz, ${after.id})`,
        );
      const rows = await db
        .select({
          id: sessions.id,
          creatorUserId: sessions.creatorUserId,
          destination: sessions.destination,
          arriveAt: sessions.arriveAt,
          tzId: sessions.tzId,
          isClosed: sessions.isClosed,
          closedAt: sessions.closedAt,
          updatedAt: sessions.updatedAt,
          updatedAtText,
          // Spelled out in SQL: drizzle leaves columns unqualified inside a select field.
          participantCount: sql<number>`(select count(*)::int from ${participants} p where p.session_id = ${sessions}.id and p.status = 'active')`,
        })
        .from(sessions)
        .where(and(...where))
        .orderBy(desc(sessions.updatedAt), desc(sessions.id))
        .limit(limit + 1);
      return { rows: rows.slice(0, limit), more: rows.length > limit };
    },

    /** Open sessions the user owns, and open sessions of others they actively take part in. */
    async usage(userId: string): Promise<{ ownedOpen: number; joinedOpen: number }> {
      const [[owned], [joined]] = await Promise.all([
        db
          .select({ n: count() })
          .from(sessions)
          .where(and(eq(sessions.creatorUserId, userId), openCond)),
        db
          .select({ n: count() })
          .from(sessions)
          .where(and(ne(sessions.creatorUserId, userId), openCond, activeIn(db, userId))),
      ]);
      return { ownedOpen: owned?.n ?? 0, joinedOpen: joined?.n ?? 0 };
    },
  };
}
