import type { SessionScheduleData } from '@oneeta/contracts';
import type { Database, Outbox } from '@oneeta/service-kit';
import { conditionEnded, supersedes, type ConditionedNotice } from '../domain/conditions.js';
import { createInboxStore } from '../store/inbox-store.js';
import type { InAppNotificationRow } from '../store/schema.js';
import { storedSchedule } from '../store/schedules-store.js';

/**
 * Ending in-app notifications whose condition no longer holds (domain/conditions.ts), in the
 * caller's transaction, with an `inbox` nudge to each user whose inbox changed so their open pages
 * refetch it (and drop the banner) now rather than at their next poll.
 */

const asNotice = (row: InAppNotificationRow): ConditionedNotice => ({
  kind: row.kind as ConditionedNotice['kind'],
  userId: row.userId,
  condition: row.condition ?? null,
});

/** Ends these rows and nudges each affected user's pages; answers how many ended. */
export async function endNotices(
  tx: Database,
  outbox: Outbox,
  sessionId: string,
  rows: InAppNotificationRow[],
  now: Date,
): Promise<number> {
  const ended = await createInboxStore(tx).end(
    rows.map((r) => r.id),
    now,
  );
  const users = [...new Set(ended.map((r) => r.userId))];
  await outbox.add(
    tx,
    users.map((userId) => ({
      aggregate: `inbox:${userId}`,
      kind: 'nudge' as const,
      sessionId,
      nudge: { type: 'inbox' as const, sessionId },
    })),
  );
  return ended.length;
}

/** Ends every open notification of the session whose condition `schedule` no longer holds; answers how many. */
export async function endWhatEnded(
  tx: Database,
  outbox: Outbox,
  schedule: SessionScheduleData,
  now: Date,
): Promise<number> {
  const open = await createInboxStore(tx).open(schedule.sessionId, now);
  const ended = open.filter((row) => conditionEnded(asNotice(row), schedule));
  return endNotices(tx, outbox, schedule.sessionId, ended, now);
}

/** Ends the user's open notifications of the session that `next` (a new one, id `nextId`) replaces. */
export async function endSuperseded(
  tx: Database,
  outbox: Outbox,
  sessionId: string,
  next: ConditionedNotice,
  nextId: string,
  now: Date,
): Promise<number> {
  const open = await createInboxStore(tx).open(sessionId, now, {
    userId: next.userId,
    except: nextId,
  });
  return endNotices(
    tx,
    outbox,
    sessionId,
    open.filter((row) => supersedes(next, asNotice(row))),
    now,
  );
}

/**
 * Whether a notice decided at `decidedAt` is already over by a schedule published at or after that
 * moment (the alert and the schedule travel on separate topics, so the schedule may come first).
 */
export async function alreadyEnded(
  tx: Database,
  sessionId: string,
  notice: ConditionedNotice,
  decidedAt: Date,
): Promise<boolean> {
  const stored = await storedSchedule(tx, sessionId);
  return (
    stored !== null &&
    stored.occurredAt.getTime() >= decidedAt.getTime() &&
    conditionEnded(notice, stored.schedule)
  );
}
