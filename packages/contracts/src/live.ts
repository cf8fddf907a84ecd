import { z } from 'zod';

/**
 * Issue 15, after the reminders (reminders.ts): running late and re-planning, no-shows, arrival,
 * the end of location sharing, in-app notifications and the user's notification preferences.
 *
 * The session service decides every fact (late, arrived, no-show, re-planned) and publishes it as
 * one `session.alert` event naming its recipients; the notification service turns each into a push
 * and an in-app notification per recipient, as that recipient's preferences allow.
 */

/** A participant is late when their current ETA (now + travel time) is more than this after the arrival time. */
export const LATE_AFTER_MINUTES = 5;
/** The group is told again about the same participant only when their lateness grew by this much more. */
export const LATE_STEP_MINUTES = 5;
/** This long after the arrival time the owner is told who has not arrived. */
export const NO_SHOW_AFTER_MINUTES = 10;
/** Arrived: within max(this, the position's accuracy) of the destination for ARRIVAL_DWELL_SECONDS. */
export const ARRIVAL_RADIUS_METERS = 100;
export const ARRIVAL_DWELL_SECONDS = 60;
/** An arrival is cleared once the participant is more than this beyond the arrival radius. */
export const ARRIVAL_EXIT_METERS = 300;
/** Location sharing ends once everyone has arrived, or this long after the arrival time. */
export const SHARING_ENDS_AFTER_HOURS = 2;
/** How often the session service looks at open sessions for lateness, no-shows and the end of sharing. */
export const LIVE_CHECK_INTERVAL_MS = 30_000;

export const ALERT_KINDS = ['late', 'replan-offer', 'replanned', 'arrived', 'no-show'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** The categories a user can turn off (profile), per channel. */
export const NOTIFICATION_TOPICS = ['leave', 'late', 'arrived'] as const;
export type NotificationTopic = (typeof NOTIFICATION_TOPICS)[number];
/** Which category each notification belongs to (the reminders: 'leave-soon', 'leave-now'). */
export const TOPIC_OF = {
  'leave-soon': 'leave',
  'leave-now': 'leave',
  replanned: 'leave',
  late: 'late',
  'replan-offer': 'late',
  'no-show': 'late',
  arrived: 'arrived',
} as const satisfies Record<AlertKind | 'leave-soon' | 'leave-now', NotificationTopic>;
export type InAppKind = keyof typeof TOPIC_OF;

/**
 * The texts ({name}: a participant's name; {time}, {leaveBy}: on the destination's clock, with its
 * zone when it is not the reader's; {names}: comma-separated names).
 */
export const ALERT_TEXTS = {
  late: '{name} is running {minutes} min late',
  'replan-offer': 'Move arrival to {time}?',
  replanned: 'New arrival {time}: leave by {leaveBy}',
  replannedNoLeaveBy: 'New arrival {time}',
  arrived: '{name} arrived',
  'no-show': 'Not arrived yet: {names}',
} as const;

const iso = z.string();
const base = {
  sessionId: z.string(),
  destinationName: z.string().nullable(),
  tzId: z.string().nullable(),
  /** The session's arrival time when the fact was decided (for 'replanned': the new one). */
  arriveAt: iso.nullable(),
};

/**
 * `session.alert`: one fact, with who is told. Each recipient is a signed-in participant (never the
 * participant the fact is about, for 'late' and 'arrived'). The event id makes delivery idempotent.
 */
export const sessionAlertDataSchema = z.discriminatedUnion('kind', [
  z.object({
    ...base,
    kind: z.literal('late'),
    recipients: z.array(z.string()),
    participantId: z.string(),
    name: z.string(),
    minutesLate: z.number().int().positive(),
    eta: iso,
  }),
  z.object({
    ...base,
    kind: z.literal('replan-offer'),
    recipients: z.array(z.string()),
    /** The earliest time everyone can now make, to the minute. */
    suggestedArriveAt: iso,
  }),
  z.object({
    ...base,
    kind: z.literal('replanned'),
    /** Each recipient with their new leave-by time (null while their travel time is unknown). */
    recipients: z.array(z.string()),
    leaveBy: z.array(z.object({ userId: z.string(), leaveBy: iso.nullable() })),
  }),
  z.object({
    ...base,
    kind: z.literal('arrived'),
    recipients: z.array(z.string()),
    participantId: z.string(),
    name: z.string(),
    arrivedAt: iso,
  }),
  z.object({
    ...base,
    kind: z.literal('no-show'),
    recipients: z.array(z.string()),
    names: z.array(z.string()).min(1),
  }),
]);
export type SessionAlertData = z.infer<typeof sessionAlertDataSchema>;

/** One in-app notification (GET /api/notifications/inbox). */
export const inAppNotificationSchema = z
  .object({
    id: z.string(),
    kind: z.enum(Object.keys(TOPIC_OF) as [InAppKind, ...InAppKind[]]),
    sessionId: z.string().nullable(),
    /** The whole message, as the push says it. */
    text: z.string(),
    /** Where tapping it leads ('/s/{id}'). */
    url: z.string(),
    /** For 'replan-offer': the arrival time the owner can accept in one tap. */
    suggestedArriveAt: iso.nullable(),
    createdAt: iso,
  })
  .meta({ id: 'InAppNotification' });
export type InAppNotification = z.infer<typeof inAppNotificationSchema>;

/** GET /api/notifications/inbox?after={id} → the caller's unread in-app notifications of the last day, oldest first. */
export const inboxQuerySchema = z.object({ after: z.string().max(64).optional() });
export const inboxResponseSchema = z.object({ notifications: z.array(inAppNotificationSchema) });
/** POST /api/notifications/inbox/read → marks them read (only the caller's; unknown ids are ignored). */
export const inboxReadBodySchema = z.object({ ids: z.array(z.string().max(64)).min(1).max(100) });
export const inboxReadResponseSchema = z.object({ read: z.number().int().min(0) });

const channelsSchema = z.object({ push: z.boolean(), inApp: z.boolean() });
/** A user's notification preferences; every switch is on until turned off. */
export const notificationPreferencesSchema = z
  .object({
    leave: channelsSchema,
    late: channelsSchema,
    arrived: channelsSchema,
  })
  .meta({ id: 'NotificationPreferences' });
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  leave: { push: true, inApp: true },
  late: { push: true, inApp: true },
  arrived: { push: true, inApp: true },
};
/** GET and PUT /api/notifications/preferences (PUT takes the whole set and answers it). */
export const preferencesResponseSchema = z.object({
  preferences: notificationPreferencesSchema,
  /** Sessions the caller muted for themselves: nothing of theirs reaches the caller. */
  mutedSessions: z.array(z.string()),
});
export const preferencesBodySchema = z.object({ preferences: notificationPreferencesSchema });
/** PUT /api/notifications/mutes/{sessionId} { muted } — mute or unmute one session for the caller. */
export const muteBodySchema = z.object({ muted: z.boolean() });
export const muteResponseSchema = z.object({ sessionId: z.string(), muted: z.boolean() });

/** Messages of these calls. */
export const LIVE_MESSAGES = {
  sharingEnded: 'Location sharing has ended for this session',
} as const;
