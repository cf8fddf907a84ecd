import { z } from 'zod';
import { TOPIC_OF, type InAppKind } from './live-rules.js';
import { sessionIdSchema } from './sessions.js';

/**
 * Issue 15, after the reminders (reminders.ts): running late and re-planning, no-shows, arrival,
 * the end of location sharing, in-app notifications and the user's notification preferences.
 *
 * The session service decides every fact (late, arrived, no-show, re-planned) and publishes it as
 * one `session.alert` event naming its recipients; the notification service turns each into a push
 * and an in-app notification per recipient, as that recipient's preferences allow.
 */

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
    /** Who is late (participant ids and their names, in the same order). */
    participantIds: z.array(z.string()).default([]),
    names: z.array(z.string()).default([]),
    /** Whether the owner's plan can move the arrival time of a saved session (else the offer points to /plans). */
    canReplan: z.boolean().default(true),
  }),
  z.object({
    ...base,
    /** Instead of 'replan-offer' when the time everyone can make is more than REPLAN_OFFER_MAX_HOURS later: who is far behind. */
    kind: z.literal('far-behind'),
    recipients: z.array(z.string()),
    participantIds: z.array(z.string()).min(1),
    names: z.array(z.string()).min(1),
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
    /** Who has not arrived (participant ids, in the order of `names`). */
    participantIds: z.array(z.string()).default([]),
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
    /** For 'replan-offer' and 'far-behind': who is late (ids and names, same order). */
    participantIds: z.array(z.string()).optional(),
    names: z.array(z.string()).optional(),
    /** For 'replan-offer': false when the owner's plan cannot move the arrival time (the text and url point to /plans). */
    canReplan: z.boolean().optional(),
  })
  .meta({ id: 'InAppNotification' });
export type InAppNotification = z.infer<typeof inAppNotificationSchema>;

/**
 * GET /api/notifications/inbox?after={id} → the caller's unread in-app notifications of the last day,
 * oldest first. A notification whose condition ended (the person arrived, left or was removed, the
 * arrival or leave-by time moved, the session closed) is no longer listed.
 */
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
export const muteParamsSchema = z.object({ sessionId: sessionIdSchema });
export const muteBodySchema = z.object({ muted: z.boolean() });
export const muteResponseSchema = z.object({ sessionId: z.string(), muted: z.boolean() });
