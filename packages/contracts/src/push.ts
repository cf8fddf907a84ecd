import { z } from 'zod';
import { safeText } from './text.js';

/** A browser push subscription as the web app registers it (POST /api/push/subscribe). */
export const pushSubscribeBodySchema = z.object({
  endpoint: z.url(),
  keys: z.object({
    p256dh: safeText('keys.p256dh').min(1).max(200),
    auth: safeText('keys.auth').min(1).max(200),
  }),
  deviceName: safeText('Device name').max(120).optional(),
  userAgent: safeText('User agent').max(500).optional(),
});
export const pushUnsubscribeBodySchema = z.object({ endpoint: z.url() });
export const vapidPublicKeyResponseSchema = z.object({ publicKey: z.string() });

/** One registered device as GET /api/push/list shows it (doc 1 §3 Push subscription; keys are not shown). */
export const pushDeviceSchema = z.object({
  endpoint: z.string(),
  deviceName: z.string().nullish(),
  userAgent: z.string().nullish(),
  lastSeen: z.string().nullish(),
  updatedAt: z.string().nullish(),
});
export type PushDevice = z.infer<typeof pushDeviceSchema>;
/** GET /api/push/list → { subscriptions }. */
export const pushListResponseSchema = z.object({ subscriptions: z.array(pushDeviceSchema) });

/** POST /api/push/subscribe → the device as listed (201 when new, 200 when it updated one). */
export const pushSubscribeResponseSchema = z.object({ subscription: pushDeviceSchema });
/** POST /api/push/unsubscribe and DELETE /api/push/all → how many devices were removed. */
export const pushRemovedResponseSchema = z.object({ removed: z.number().int().min(0) });
/** POST /api/push/test → how many devices a test push was queued for (202: delivery runs after the answer). */
export const pushTestResponseSchema = z.object({ queued: z.number().int().min(0) });

/**
 * GET /api/notifications/channels: how this install reaches people. `email` is 'smtp' when it has a
 * mail server (invites and verification links are e-mailed), 'outbox' when it keeps the messages
 * (no SMTP_URL: nobody receives them; links must be shared by hand).
 */
export const notificationChannelsResponseSchema = z
  .object({ email: z.enum(['smtp', 'outbox']) })
  .meta({ id: 'NotificationChannels' });
export type NotificationChannels = z.infer<typeof notificationChannelsResponseSchema>;

/**
 * GET /internal/email-outbox?to=&limit= on the notification service: what its embedded e-mail
 * adapter stored (no SMTP_URL), newest first, for the administrator (through the admin service).
 */
export const notificationEmailOutboxQuerySchema = z.object({
  to: z.email().optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export const notificationEmailOutboxResponseSchema = z.object({
  messages: z.array(
    z.object({
      id: z.string(),
      to: z.string(),
      subject: z.string(),
      text: z.string(),
      html: z.string(),
      createdAt: z.string(),
    }),
  ),
});

/** Devices one account may register for push; a further one replaces the device seen least recently. */
export const MAX_PUSH_DEVICES = 10;

/** Why POST /api/push/subscribe refuses an endpoint (400 { error }). */
export const PUSH_MESSAGES = {
  notHttps: 'The push endpoint must be an https:// URL',
  credentials: 'The push endpoint must not carry a user name or password',
  notAllowed: 'The push endpoint is not at a push service this server sends to',
  notPublic: 'The push endpoint must be at a public internet address',
  notFound: "The push endpoint's host could not be found",
} as const;

/**
 * GET and POST /api/notifications/unsubscribe?t=: the signed link at the foot of every e-mail and
 * in its List-Unsubscribe header. GET shows what it does; POST (the page's button, or a mail
 * client's one-click, RFC 8058) stops all OneETA e-mail to that address.
 */
export const emailUnsubscribeQuerySchema = z.object({ t: z.string().min(1).max(1000) });
export const EMAIL_UNSUBSCRIBE_MESSAGES = {
  badLink: 'This unsubscribe link is not valid. Use the link from the e-mail as it is.',
} as const;
