import {
  index,
  integer,
  jsonb,
  pgSchema,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { SessionScheduleData } from '@oneeta/contracts';
import { outboxTable } from '@oneeta/service-kit';

/** What an in-app notification is about (domain/conditions.ts decides when it ends). */
export interface NoticeCondition {
  /** The participants it is about: late and arrived name one; the re-plan offer and far-behind notice, who is late. */
  about: string[];
  /** The arrival time it was decided for (null: the session had none). */
  arriveAt: string | null;
  /** The recipient's leave-by time it states (reminders, a re-plan's 'leave by'); null when it states none. */
  leaveBy: string | null;
}

/** What the inbox says beside the text: who is late (offer, far-behind) and whether the owner's plan can take the offer. */
export interface NoticeDetails {
  participantIds?: string[];
  names?: string[];
  canReplan?: boolean;
}

/** The notification service's own Postgres schema; no other service reads it. */
export const notification = pgSchema('notification');

/** A browser's push subscription. One user owns it; the endpoint is unique (re-subscribing moves it). */
export const pushSubscriptions = notification.table(
  'push_subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    deviceName: text('device_name'),
    userAgent: text('user_agent'),
    /** When the browser last registered this subscription (the web app does on each visit). */
    lastSeen: timestamp('last_seen', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_unique').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** The VAPID key pair generated on first start when none is given by env (one row, id 1). */
export const vapidKeys = notification.table('vapid_keys', {
  id: integer('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** How each delivery ended, once per delivery id (the job id); the admin ledger gets it as notification.sent. */
export const deliveries = notification.table(
  'deliveries',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    sessionId: text('session_id'),
    kind: text('kind').notNull(),
    channel: text('channel', { enum: ['push', 'email', 'in_app'] }).notNull(),
    /** The device (push) or address (e-mail) it went to; the subscription may be gone since. */
    target: text('target').notNull(),
    outcome: text('outcome', { enum: ['delivered', 'gone', 'failed'] }).notNull(),
    /** The push service's answer, when one came. */
    statusCode: integer('status_code'),
    attempts: integer('attempts').notNull(),
    error: text('error'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('deliveries_user_idx').on(t.userId, t.at)],
);
export type DeliveryRow = typeof deliveries.$inferSelect;

/**
 * E-mails the embedded adapter "sent" (no SMTP_URL): a self-hosted install without a mail server
 * still has every invite link, and the administrator reads them here.
 */
export const emailOutbox = notification.table(
  'email_outbox',
  {
    id: text('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_outbox_to_idx').on(t.to, t.createdAt)],
);
export type EmailOutboxRow = typeof emailOutbox.$inferSelect;

/** Addresses whose owner followed an e-mail's unsubscribe link: no OneETA e-mail goes there (see unsubscribe.ts). */
export const emailSuppressions = notification.table('email_suppressions', {
  email: text('email').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Jobs (push deliveries) and events (notification.sent) written with the change that implies them. */
export const outbox = outboxTable(notification);

/** Reminders sent, once per session, participant, kind and meeting time (reminderSentKey). */
export const remindersSent = notification.table('reminders_sent', {
  key: text('key').primaryKey(),
  sessionId: text('session_id').notNull(),
  userId: text('user_id').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Session alerts handled, once per event and recipient (alertSentKey): a redelivered event sends nothing more. */
export const alertsSent = notification.table('alerts_sent', {
  key: text('key').primaryKey(),
  sessionId: text('session_id').notNull(),
  userId: text('user_id').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The in-app inbox: one row per notification shown in the app (banner and toast). The id is
 * time-ordered (inboxId), so `after` pages by id; `sourceKey` makes each delivery happen once.
 * `condition` is what it is about; `endedAt` is set once that no longer holds (domain/conditions.ts),
 * and the inbox leaves ended rows out.
 */
export const inAppNotifications = notification.table(
  'in_app_notifications',
  {
    id: text('id').primaryKey(),
    sourceKey: text('source_key').notNull(),
    userId: text('user_id').notNull(),
    sessionId: text('session_id'),
    kind: text('kind').notNull(),
    text: text('text').notNull(),
    url: text('url').notNull(),
    suggestedArriveAt: timestamp('suggested_arrive_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    condition: jsonb('condition').$type<NoticeCondition>(),
    /** Who is late and whether the owner's plan can take the offer (replan-offer, far-behind). */
    details: jsonb('details').$type<NoticeDetails>(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('in_app_notifications_source_unique').on(t.sourceKey),
    index('in_app_notifications_user_idx').on(t.userId, t.id),
    index('in_app_notifications_session_idx').on(t.sessionId, t.createdAt),
  ],
);
export type InAppNotificationRow = typeof inAppNotifications.$inferSelect;

/** A user's notification preferences (the whole set, as the contract's schema); none saved: the defaults. */
export const notificationPreferences = notification.table('notification_preferences', {
  userId: text('user_id').primaryKey(),
  preferences: jsonb('preferences').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Sessions a user muted for themselves: nothing of that session reaches them. */
export const sessionMutes = notification.table(
  'session_mutes',
  {
    userId: text('user_id').notNull(),
    sessionId: text('session_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.sessionId] })],
);

/**
 * Each session's latest `session.schedule` (by the event's time): an alert decided before it is
 * checked against it on arrival, since the two topics are consumed independently.
 */
export const sessionSchedules = notification.table('session_schedules', {
  sessionId: text('session_id').primaryKey(),
  schedule: jsonb('schedule').$type<SessionScheduleData>().notNull(),
  occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
});
