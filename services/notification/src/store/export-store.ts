import { asc, eq } from 'drizzle-orm';
import type { NotificationUserExport } from '@oneeta/contracts';
import type { Database } from '@oneeta/service-kit';
import {
  deliveries,
  inAppNotifications,
  notificationPreferences,
  pushSubscriptions,
  remindersSent,
  sessionMutes,
} from './schema.js';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Everything the notification service holds about one account; devices with their whole endpoint (the caller redacts it). */
export async function exportUser(
  db: Database,
  userId: string,
): Promise<
  Omit<NotificationUserExport, 'devices'> & {
    devices: (Omit<NotificationUserExport['devices'][number], 'endpointHost'> & {
      endpoint: string;
    })[];
  }
> {
  const [devices, [prefs], mutes, inbox, reminders, sent] = await Promise.all([
    db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(asc(pushSubscriptions.createdAt)),
    db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId)),
    db
      .select()
      .from(sessionMutes)
      .where(eq(sessionMutes.userId, userId))
      .orderBy(asc(sessionMutes.createdAt)),
    db
      .select()
      .from(inAppNotifications)
      .where(eq(inAppNotifications.userId, userId))
      .orderBy(asc(inAppNotifications.id)),
    db
      .select()
      .from(remindersSent)
      .where(eq(remindersSent.userId, userId))
      .orderBy(asc(remindersSent.sentAt)),
    db.select().from(deliveries).where(eq(deliveries.userId, userId)).orderBy(asc(deliveries.at)),
  ]);
  return {
    devices: devices.map((d) => ({
      id: d.id,
      endpoint: d.endpoint,
      deviceName: d.deviceName,
      userAgent: d.userAgent,
      lastSeen: d.lastSeen.toISOString(),
      createdAt: d.createdAt.toISOString(),
    })),
    preferences: (prefs?.preferences as Record<string, unknown> | undefined) ?? null,
    mutedSessions: mutes.map((m) => ({
      sessionId: m.sessionId,
      createdAt: m.createdAt.toISOString(),
    })),
    inbox: inbox.map((n) => ({
      id: n.id,
      sessionId: n.sessionId,
      kind: n.kind,
      text: n.text,
      url: n.url,
      createdAt: n.createdAt.toISOString(),
      readAt: iso(n.readAt),
      endedAt: iso(n.endedAt),
    })),
    reminders: reminders.map((r) => ({ sessionId: r.sessionId, sentAt: r.sentAt.toISOString() })),
    deliveries: sent.map((d) => ({
      id: d.id,
      sessionId: d.sessionId,
      kind: d.kind,
      channel: d.channel,
      outcome: d.outcome,
      at: d.at.toISOString(),
    })),
  };
}
