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
