import { and, asc, eq } from 'drizzle-orm';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  notificationPreferencesSchema,
  type NotificationPreferences,
} from '@oneeta/contracts';
import type { Database } from '@oneeta/service-kit';
import { notificationPreferences, sessionMutes } from './schema.js';

export function createPreferencesStore(db: Database) {
  return {
    /** The user's saved preferences, or the defaults (every switch on) when none are saved. */
    async get(userId: string): Promise<NotificationPreferences> {
      const [row] = await db
        .select()
        .from(notificationPreferences)
        .where(eq(notificationPreferences.userId, userId));
      const saved = row ? notificationPreferencesSchema.safeParse(row.preferences) : null;
      return saved?.success ? saved.data : DEFAULT_NOTIFICATION_PREFERENCES;
    },
    async put(userId: string, preferences: NotificationPreferences): Promise<void> {
      const updatedAt = new Date();
      await db
        .insert(notificationPreferences)
        .values({ userId, preferences, updatedAt })
        .onConflictDoUpdate({
          target: notificationPreferences.userId,
          set: { preferences, updatedAt },
        });
    },
    async mutedSessions(userId: string): Promise<string[]> {
      const rows = await db
        .select({ sessionId: sessionMutes.sessionId })
        .from(sessionMutes)
        .where(eq(sessionMutes.userId, userId))
        .orderBy(asc(sessionMutes.createdAt), asc(sessionMutes.sessionId));
      return rows.map((r) => r.sessionId);
    },
    async isMuted(userId: string, sessionId: string): Promise<boolean> {
      const rows = await db
        .select({ sessionId: sessionMutes.sessionId })
        .from(sessionMutes)
        .where(and(eq(sessionMutes.userId, userId), eq(sessionMutes.sessionId, sessionId)));
      return rows.length === 1;
    },
    async setMuted(userId: string, sessionId: string, muted: boolean): Promise<void> {
      if (muted) await db.insert(sessionMutes).values({ userId, sessionId }).onConflictDoNothing();
      else
        await db
          .delete(sessionMutes)
          .where(and(eq(sessionMutes.userId, userId), eq(sessionMutes.sessionId, sessionId)));
    },
  };
}
export type PreferencesStore = ReturnType<typeof createPreferencesStore>;
