import { sql } from 'drizzle-orm';
import type { SessionScheduleData } from '@oneeta/contracts';
import type { Database } from '@oneeta/service-kit';
import { sessionSchedules } from './schema.js';

/**
 * Serializes, per session, the transactions that add in-app rows and those that end them, so a row
 * written while a schedule is being applied is never missed by it.
 */
export async function lockSessionNotices(tx: Database, sessionId: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`oneeta:notices:${sessionId}`}::text))`,
  );
}

/** Records a session's schedule as of `occurredAt` unless a later one is stored; answers whether it was taken. */
export async function recordSchedule(
  tx: Database,
  schedule: SessionScheduleData,
  occurredAt: Date,
): Promise<boolean> {
  const rows = await tx
    .insert(sessionSchedules)
    .values({ sessionId: schedule.sessionId, schedule, occurredAt })
    .onConflictDoUpdate({
      target: sessionSchedules.sessionId,
      set: { schedule, occurredAt },
      setWhere: sql`${sessionSchedules.occurredAt} <= ${occurredAt.toISOString()}::timestamptz`,
    })
    .returning({ sessionId: sessionSchedules.sessionId });
  return rows.length === 1;
}

/** The latest schedule stored of a session, with the time it was published. */
export async function storedSchedule(
  tx: Database,
  sessionId: string,
): Promise<{ schedule: SessionScheduleData; occurredAt: Date } | null> {
  const [row] = await tx
    .select()
    .from(sessionSchedules)
    .where(sql`${sessionSchedules.sessionId} = ${sessionId}`);
  return row ? { schedule: row.schedule, occurredAt: row.occurredAt } : null;
}
