import { z } from 'zod';
import { tokenStateSchema } from './auth.js';
import { planSchema } from './plan-schema.js';
import { sessionAlertDataSchema } from './live.js';
import { sessionScheduleDataSchema } from './reminders.js';
import { travelResultSchema } from './sessions.js';

/**
 * Stream topics on the event bus (Redis Streams, one stream per topic).
 * Renaming a topic strands events in flight: add a new one and migrate instead.
 */
export const TOPICS = {
  userChanged: 'user.changed',
  userDeleted: 'user.deleted',
  sessionChanged: 'session.changed',
  travelComputed: 'travel.computed',
  usageRecorded: 'usage.recorded',
  inviteCreated: 'invite.created',
  notificationSent: 'notification.sent',
  emailVerificationRequested: 'email.verification_requested',
  passwordResetRequested: 'password.reset_requested',
  loginAlert: 'account.login_alert',
  chatMessage: 'chat.message',
  callUsage: 'call.usage',
  billingUsage: 'billing.usage',
  sessionSchedule: 'session.schedule',
  sessionAlert: 'session.alert',
} as const;
export type Topic = (typeof TOPICS)[keyof typeof TOPICS];

/** Every event on the bus is wrapped in this envelope; handlers are idempotent by `id`. */
export const eventEnvelopeSchema = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  occurredAt: z.string(),
  source: z.string(),
  data: z.unknown(),
});
export type EventEnvelope<T = unknown> = Omit<z.infer<typeof eventEnvelopeSchema>, 'data'> & {
  data: T;
};

export const userChangedDataSchema = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  plan: planSchema,
  isAdmin: z.boolean(),
  emailVerified: z.boolean(),
  /** The account's updatedAt: a view keeps the newest version it saw (events may arrive out of order). */
  updatedAt: z.string(),
  /** Which of the account's tokens still work (absent from older events); 'tokens' in `changed` when that changed. */
  tokens: tokenStateSchema.optional(),
  changed: z.array(z.enum(['plan', 'name', 'email', 'emailVerified', 'isAdmin', 'tokens'])).min(1),
});
export type UserChangedData = z.infer<typeof userChangedDataSchema>;

/**
 * The account was deleted (DELETE /api/auth/me): each service purges or anonymises what it holds for
 * `userId` (and e-mail queued to `email`). Its tokens already stop working everywhere.
 */
export const userDeletedDataSchema = z.object({
  userId: z.string(),
  email: z.string(),
  deletedAt: z.iso.datetime(),
});
export type UserDeletedData = z.infer<typeof userDeletedDataSchema>;

/** The data schema of each topic whose shape is settled. */

export const travelComputedDataSchema = z.object({
  sessionId: z.string(),
  jobId: z.string(),
  computedAt: z.string(),
  results: z.array(travelResultSchema),
});
export type TravelComputedData = z.infer<typeof travelComputedDataSchema>;

export const sessionChangedDataSchema = z.object({
  sessionId: z.string(),
  creatorUserId: z.string(),
  isClosed: z.boolean(),
  closedAt: z.string().nullable(),
  participantCount: z.number().int(),
  reason: z.string(),
});
export type SessionChangedData = z.infer<typeof sessionChangedDataSchema>;

/** Carries no invite code: the notification service asks for it over an internal route. */
export const inviteCreatedDataSchema = z.object({
  sessionId: z.string(),
  inviteId: z.string(),
  email: z.string(),
  name: z.string(),
  inviterName: z.string().nullable(),
  /** The session's owner who sent it: the notification ledger counts the e-mail to them. */
  inviterUserId: z.string(),
});
export type InviteCreatedData = z.infer<typeof inviteCreatedDataSchema>;

/**
 * Auth asks for a verification e-mail to an account's address (on registration, an e-mail change, or
 * 'Resend'), in the transaction that made the change. It carries no link, on purpose: the
 * notification service asks auth for a fresh one over an internal route when it sends.
 */
export const emailVerificationRequestedDataSchema = z.object({
  userId: z.string(),
  email: z.string(),
  reason: z.enum(['registered', 'email-changed', 'resend']),
});
export type EmailVerificationRequestedData = z.infer<typeof emailVerificationRequestedDataSchema>;

/**
 * Someone asked for a password-reset link to an account's address (POST /api/auth/password/forgot).
 * It carries no link, on purpose: the notification service asks auth for one (GET
 * /internal/users/:id/password-reset-link?requestId=) when it sends, and auth keeps only its hash.
 */
export const passwordResetRequestedDataSchema = z.object({
  userId: z.string(),
  email: z.string(),
  requestId: z.string(),
});
export type PasswordResetRequestedData = z.infer<typeof passwordResetRequestedDataSchema>;

/**
 * An account saw many failed sign-ins (`failures` since `since`, from any address): its owner is
 * told by e-mail, at most once per hour.
 */
export const loginAlertDataSchema = z.object({
  userId: z.string(),
  email: z.string(),
  failures: z.number().int().positive(),
  since: z.string(),
});
export type LoginAlertData = z.infer<typeof loginAlertDataSchema>;

/** Channels a notification goes out on (the admin ledger counts by channel; sms and in_app are to come). */
export const NOTIFICATION_CHANNELS = ['push', 'email', 'sms', 'in_app'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
/** What a notification is about: a test from the profile page, a leave reminder, an invite, an e-mail verification link, a session alert (late, re-plan, arrived, no-show: live.ts), a password-reset link, a warning of many failed sign-ins. */
export const NOTIFICATION_KINDS = [
  'test',
  'leave-reminder',
  'invite',
  'verify-email',
  'session-alert',
  'password-reset',
  'login-alert',
] as const;
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof notificationKindSchema>;
/**
 * How one delivery ended: `delivered` (the push service or mail server accepted it), `gone` (the
 * device unsubscribed: 404/410, its subscription was deleted), `failed` (refused, or still failing
 * after the last retry).
 */
export const NOTIFICATION_OUTCOMES = ['delivered', 'gone', 'failed'] as const;

/**
 * One delivery to one device or address, published once by the notification service (the event id
 * is the delivery id, so a repeat is dropped by the consumer). The admin ledger counts these.
 */
export const notificationSentDataSchema = z.object({
  deliveryId: z.string(),
  userId: z.string(),
  sessionId: z.string().nullable(),
  kind: notificationKindSchema,
  channel: z.enum(NOTIFICATION_CHANNELS),
  outcome: z.enum(NOTIFICATION_OUTCOMES),
  at: z.string(),
});
export type NotificationSentData = z.infer<typeof notificationSentDataSchema>;

/**
 * A billable or audited maps call (ARCHITECTURE §3 step 4). `origin` says who made it: the maps API
 * (`/api/maps/*`, one event per call with a sessionId) or the route-matrix worker (one event per
 * provider call, carrying cells and transactions). The admin service stores these per session and
 * hour; its consumer is idempotent by event id, and the worker derives the id from the job and the
 * cells, so a retried job never bills a cell twice.
 */
export const USAGE_EVENTS = ['search', 'reverse', 'travel_times', 'timezone'] as const;
export const usageRecordedDataSchema = z.object({
  event: z.enum(USAGE_EVENTS),
  origin: z.enum(['maps-api', 'route-matrix']),
  sessionId: z.string().nullable(),
  /** The BullMQ job id for worker calls. */
  jobId: z.string().nullable(),
  /** Request summary: e.g. {q} for search; {lat, lon} for reverse; {origins, destination, arriveAt|departAt, mode, originCount} for travel times. */
  request: z.record(z.string(), z.unknown()),
  /** Result summary: e.g. {numResults}; {bestByTravelTime: {travelTimeSeconds}}. */
  result: z.record(z.string(), z.unknown()),
  metrics: z.object({
    /** Requests sent to the provider (0 when the answer came from the cache). */
    providerRequests: z.number().int().min(0),
    /** Which provider answered: 'azure' or 'offline'. */
    provider: z.string(),
    strategy: z.string(),
    durationMs: z.number().min(0),
    /** Matrix cells computed by the provider, and transactions = ceil(cells / 4). */
    cells: z.number().int().min(0).optional(),
    transactions: z.number().int().min(0).optional(),
  }),
});
export type UsageRecordedData = z.infer<typeof usageRecordedDataSchema>;

/** One chat message sent in a session (the communication service publishes it; the ledger counts it). */
export const chatMessageDataSchema = z.object({
  sessionId: z.string(),
  senderId: z.string(),
  /** The message's length in characters. */
  length: z.number().int().min(0),
  at: z.string(),
});
export type ChatMessageData = z.infer<typeof chatMessageDataSchema>;

/** Seconds of one participant's call in a session, published when the call (or their part) ends. */
export const callUsageDataSchema = z.object({
  sessionId: z.string(),
  participantAcsId: z.string(),
  seconds: z.number().min(0),
  mode: z.enum(['voice', 'video']),
  at: z.string(),
});
export type CallUsageData = z.infer<typeof callUsageDataSchema>;

/** A billing fact about a user: a payment (amount in the currency's minor unit) or a plan change. */
export const billingUsageDataSchema = z.object({
  userId: z.string(),
  kind: z.enum(['payment', 'refund', 'plan_change']),
  amountMinor: z.number().int().nullable(),
  currency: z.string().length(3).nullable(),
  plan: planSchema.nullable(),
  previousPlan: planSchema.nullable(),
  at: z.string(),
});
export type BillingUsageData = z.infer<typeof billingUsageDataSchema>;

/**
 * The data schema of each topic. service-kit types `bus.publish`, `bus.consume` and the outbox by
 * it, and the bus parses every event's data with it before a handler sees it.
 */
export const EVENT_DATA_SCHEMAS = {
  [TOPICS.usageRecorded]: usageRecordedDataSchema,
  [TOPICS.userChanged]: userChangedDataSchema,
  [TOPICS.userDeleted]: userDeletedDataSchema,
  [TOPICS.travelComputed]: travelComputedDataSchema,
  [TOPICS.sessionChanged]: sessionChangedDataSchema,
  [TOPICS.inviteCreated]: inviteCreatedDataSchema,
  [TOPICS.notificationSent]: notificationSentDataSchema,
  [TOPICS.emailVerificationRequested]: emailVerificationRequestedDataSchema,
  [TOPICS.passwordResetRequested]: passwordResetRequestedDataSchema,
  [TOPICS.loginAlert]: loginAlertDataSchema,
  [TOPICS.chatMessage]: chatMessageDataSchema,
  [TOPICS.callUsage]: callUsageDataSchema,
  [TOPICS.billingUsage]: billingUsageDataSchema,
  [TOPICS.sessionSchedule]: sessionScheduleDataSchema,
  [TOPICS.sessionAlert]: sessionAlertDataSchema,
} as const satisfies Record<Topic, z.ZodType>;
