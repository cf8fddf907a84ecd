import { accountEnvSchema, baseEnvSchema } from '@oneeta/service-kit';
import { z } from 'zod';

export const configSchema = baseEnvSchema
  .extend({
    PORT: z.coerce.number().int().min(0).max(65535).default(4006),
    /**
     * VAPID key pair (URL-safe base64, as web-push's generateVAPIDKeys gives them); both or neither.
     * When unset, a pair is generated on first start and kept in the service's database, so the
     * browsers' subscriptions (made for that public key) survive a restart.
     */
    VAPID_PUBLIC_KEY: z.string().min(1).optional(),
    VAPID_PRIVATE_KEY: z.string().min(1).optional(),
    /** Who push services contact about this sender: a mailto: or https: URL. */
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:|https:\/\/)/, 'a mailto: or https:// URL')
      .default('mailto:admin@oneeta.invalid'),
    /** Seconds a push service keeps a message for an offline device (the Web Push TTL header). */
    PUSH_TTL_SECONDS: z.coerce.number().int().min(0).max(2_419_200).default(3600),
    /** How long one push request may take (ms) before it counts as failed and is retried. */
    PUSH_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
    /** Push jobs one process sends at once. */
    NOTIFY_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(8),
    /** Consumer name on the event bus; unique per replica (defaults to host + pid). */
    CONSUMER_NAME: z.string().optional(),
    ...accountEnvSchema.shape,
  })
  .refine((env) => (env.VAPID_PUBLIC_KEY === undefined) === (env.VAPID_PRIVATE_KEY === undefined), {
    message: 'set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither',
    path: ['VAPID_PRIVATE_KEY'],
  });
export type Config = z.infer<typeof configSchema>;
