import { and, asc, desc, eq, gt, inArray, isNull, ne } from 'drizzle-orm';
import type { Database } from '@oneeta/service-kit';
import { inAppNotifications, type InAppNotificationRow } from './schema.js';

/** The inbox lists the caller's unread notifications of this last stretch, oldest first, at most INBOX_LIMIT. */
export const INBOX_WINDOW_MS = 24 * 3600_000;
export const INBOX_LIMIT = 50;

export type InAppInput = Omit<typeof inAppNotifications.$inferInsert, 'readAt' | 'endedAt'>;

/** Not ended, and of the last INBOX_WINDOW_MS. */
const current = (now: Date) =>
  and(
    isNull(inAppNotifications.endedAt),
    gt(inAppNotifications.createdAt, new Date(now.getTime() - INBOX_WINDOW_MS)),
  );

export function createInboxStore(db: Database) {
  return {
    /** Adds one in-app notification; false when one with its source key exists (a repeated delivery). */
    async add(input: InAppInput): Promise<boolean> {
      const rows = await db
        .insert(inAppNotifications)
        .values(input)
        .onConflictDoNothing({ target: inAppNotifications.sourceKey })
        .returning({ id: inAppNotifications.id });
      return rows.length === 1;
    },
    /** The user's unread notifications of the last INBOX_WINDOW_MS after `after` (an id) whose condition has not ended, oldest first. */
    unread(userId: string, after: string | undefined, now: Date): Promise<InAppNotificationRow[]> {
      return db
        .select()
        .from(inAppNotifications)
        .where(
          and(
            eq(inAppNotifications.userId, userId),
            isNull(inAppNotifications.readAt),
            current(now),
            after ? gt(inAppNotifications.id, after) : undefined,
          ),
        )
        .orderBy(asc(inAppNotifications.id))
        .limit(INBOX_LIMIT);
    },
    /** Marks the user's unread ones among `ids` read (another user's or unknown ids are ignored); answers how many. */
    async markRead(userId: string, ids: string[], now: Date): Promise<number> {
      const rows = await db
        .update(inAppNotifications)
        .set({ readAt: now })
        .where(
          and(
            eq(inAppNotifications.userId, userId),
            inArray(inAppNotifications.id, ids),
            isNull(inAppNotifications.readAt),
          ),
        )
        .returning({ id: inAppNotifications.id });
      return rows.length;
    },
    /** The session's notifications of the last INBOX_WINDOW_MS not yet ended (of one user, or all; `except` an id). */
    open(
      sessionId: string,
      now: Date,
      opts: { userId?: string; except?: string } = {},
    ): Promise<InAppNotificationRow[]> {
      return db
        .select()
        .from(inAppNotifications)
        .where(
          and(
            eq(inAppNotifications.sessionId, sessionId),
            current(now),
            opts.userId ? eq(inAppNotifications.userId, opts.userId) : undefined,
            opts.except ? ne(inAppNotifications.id, opts.except) : undefined,
          ),
        );
    },
    /** Marks these notifications ended (their condition no longer holds); answers the ones it ended. */
    async end(ids: string[], now: Date): Promise<{ id: string; userId: string }[]> {
      if (ids.length === 0) return [];
      return db
        .update(inAppNotifications)
        .set({ endedAt: now })
        .where(and(inArray(inAppNotifications.id, ids), isNull(inAppNotifications.endedAt)))
        .returning({ id: inAppNotifications.id, userId: inAppNotifications.userId });
    },
    /** Whether the user's newest notification of the session with this text has ended (false when there is none). */
    async ended(userId: string, sessionId: string, text: string): Promise<boolean> {
      const [row] = await db
        .select({ endedAt: inAppNotifications.endedAt })
        .from(inAppNotifications)
        .where(
          and(
            eq(inAppNotifications.userId, userId),
            eq(inAppNotifications.sessionId, sessionId),
            eq(inAppNotifications.text, text),
          ),
        )
        .orderBy(desc(inAppNotifications.id))
        .limit(1);
      return row?.endedAt != null;
    },
    bySourceKey: async (key: string): Promise<InAppNotificationRow | null> =>
      (
        await db.select().from(inAppNotifications).where(eq(inAppNotifications.sourceKey, key))
      )[0] ?? null,
  };
}
