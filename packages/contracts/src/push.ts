import { z } from 'zod';

/** A browser push subscription as the web app registers it (POST /api/push/subscribe). */
export const pushSubscribeBodySchema = z.object({
  endpoint: z.url(),
  keys: z.object({ p256dh: z.string().min(1), auth: z.string().min(1) }),
  deviceName: z.string().max(120).optional(),
  userAgent: z.string().max(500).optional(),
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
