import { z } from 'zod';
import { userSchema } from './auth.js';
import { idSchema } from './text.js';

/**
 * The data export (GET /api/auth/me/export): what every service holds about the signed-in account,
 * gathered by the auth service from each service's GET /internal/users/:id/export. Times are ISO
 * strings; stored JSON (destinations, preferences, message content) comes as it was stored.
 */

/** What the export answers when a service cannot give its part (503). */
export const EXPORT_MESSAGES = {
  unavailable: 'Your data cannot be gathered right now. Please try again in a few minutes.',
} as const;

const at = z.string();
const json = z.record(z.string(), z.unknown());

/** GET /internal/users/:id/export: the account's id. */
export const userExportParamsSchema = z.object({ id: idSchema('User id', 100) });

/**
 * The session service: sessions the account owns or joined, its participant rows (with positions),
 * invites it sent, and its votes on "Where should we meet?" suggestions (the place by its index
 * and name).
 */
export const sessionUserExportSchema = z.object({
  sessions: z.array(
    z.object({
      id: z.string(),
      role: z.enum(['owner', 'participant']),
      destination: json.nullable(),
      arriveAt: at.nullable(),
      travelMode: z.string(),
      isClosed: z.boolean(),
      closedAt: at.nullable(),
      createdAt: at,
    }),
  ),
  participants: z.array(
    z.object({
      sessionId: z.string(),
      id: z.string(),
      name: z.string(),
      email: z.string().nullable(),
      status: z.string(),
      isOwner: z.boolean(),
      lat: z.number().nullable(),
      lon: z.number().nullable(),
      accuracy: z.number().nullable(),
      locationSource: z.string().nullable(),
      travelTimeSeconds: z.number().nullable(),
      arrivedAt: at.nullable(),
      createdAt: at,
      updatedAt: at,
    }),
  ),
  invitesSent: z.array(
    z.object({
      id: z.string(),
      sessionId: z.string(),
      name: z.string(),
      email: z.string(),
      status: z.string(),
      createdAt: at,
      updatedAt: at,
    }),
  ),
  suggestionVotes: z.array(
    z.object({
      sessionId: z.string(),
      suggestionId: z.string(),
      placeIndex: z.number().int(),
      /** The place's name (null: the suggestion no longer lists that place). */
      placeName: z.string().nullable(),
      votedAt: at,
    }),
  ),
});
export type SessionUserExport = z.infer<typeof sessionUserExportSchema>;

/** The notification service: devices (the push service's host only), preferences, muted sessions, inbox, reminders, deliveries. */
export const notificationUserExportSchema = z.object({
  devices: z.array(
    z.object({
      id: z.string(),
      endpointHost: z.string(),
      deviceName: z.string().nullable(),
      userAgent: z.string().nullable(),
      lastSeen: at,
      createdAt: at,
    }),
  ),
  /** The preferences saved (null: never saved, the defaults apply). */
  preferences: json.nullable(),
  mutedSessions: z.array(z.object({ sessionId: z.string(), createdAt: at })),
  inbox: z.array(
    z.object({
      id: z.string(),
      sessionId: z.string().nullable(),
      kind: z.string(),
      text: z.string(),
      url: z.string(),
      createdAt: at,
      readAt: at.nullable(),
      endedAt: at.nullable(),
    }),
  ),
  reminders: z.array(z.object({ sessionId: z.string(), sentAt: at })),
  deliveries: z.array(
    z.object({
      id: z.string(),
      sessionId: z.string().nullable(),
      kind: z.string(),
      channel: z.string(),
      outcome: z.string(),
      at,
    }),
  ),
});
export type NotificationUserExport = z.infer<typeof notificationUserExportSchema>;

/** The communication service: the chat messages the account wrote, and the chat threads it is in. */
export const communicationUserExportSchema = z.object({
  messages: z.array(
    z.object({
      threadId: z.string(),
      sessionId: z.string().nullable(),
      id: z.string(),
      type: z.string(),
      content: json.nullable(),
      createdOn: at,
      editedOn: at.nullable(),
      deletedOn: at.nullable(),
    }),
  ),
  threads: z.array(
    z.object({
      threadId: z.string(),
      sessionId: z.string().nullable(),
      displayName: z.string().nullable(),
      addedOn: at,
    }),
  ),
});
export type CommunicationUserExport = z.infer<typeof communicationUserExportSchema>;

/** The billing service: subscriptions (the plan history), checkouts, enterprise contact requests. */
export const billingUserExportSchema = z.object({
  /** The payment provider the account is a customer of (null: none yet). */
  provider: z.string().nullable(),
  subscriptions: z.array(
    z.object({
      id: z.string(),
      provider: z.string(),
      plan: z.string(),
      status: z.string(),
      currentPeriodEnd: at.nullable(),
      cancelAtPeriodEnd: z.boolean(),
      createdAt: at,
      updatedAt: at,
    }),
  ),
  checkouts: z.array(
    z.object({
      id: z.string(),
      provider: z.string(),
      plan: z.string(),
      amountMinor: z.number(),
      currency: z.string(),
      status: z.string(),
      createdAt: at,
    }),
  ),
  enterpriseRequests: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      company: z.string().nullable(),
      createdAt: at,
    }),
  ),
});
export type BillingUserExport = z.infer<typeof billingUserExportSchema>;

/** The admin service's usage ledger: the account's notifications, chat messages, call time and billing facts. */
export const adminUserExportSchema = z.object({
  notifications: z.array(
    z.object({
      sessionId: z.string().nullable(),
      kind: z.string(),
      channel: z.string(),
      outcome: z.string(),
      at,
    }),
  ),
  chatMessages: z.array(z.object({ sessionId: z.string(), length: z.number(), at })),
  calls: z.array(z.object({ sessionId: z.string(), seconds: z.number(), mode: z.string(), at })),
  billing: z.array(
    z.object({
      kind: z.string(),
      amountMinor: z.number().nullable(),
      currency: z.string().nullable(),
      plan: z.string().nullable(),
      previousPlan: z.string().nullable(),
      at,
    }),
  ),
});
export type AdminUserExport = z.infer<typeof adminUserExportSchema>;

/** GET /api/auth/me/export: the account (the auth service's own data) and every other service's. */
export const accountExportSchema = z.object({
  exportedAt: at,
  account: z.object({
    user: userSchema,
    /** When the account's e-mail was last proven (null: unverified). */
    emailVerifiedAt: at.nullable(),
    /** Whether a password-reset link is pending for it now. */
    passwordResetPending: z.boolean(),
  }),
  session: sessionUserExportSchema,
  notification: notificationUserExportSchema,
  communication: communicationUserExportSchema,
  billing: billingUserExportSchema,
  admin: adminUserExportSchema,
});
export type AccountExport = z.infer<typeof accountExportSchema>;
