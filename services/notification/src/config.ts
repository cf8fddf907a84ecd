import { accountEnvSchema, baseEnvSchema } from '@oneeta/service-kit';
import { z } from 'zod';

export const configSchema = baseEnvSchema
  .extend({
    PORT: z.coerce.number().int().min(0).max(65535).default(4006),
    VAPID_PUBLIC_KEY: z
      .string()
      .min(1)
      .optional()
      .describe(
        "Public half of the VAPID key pair (URL-safe base64, as web-push's generateVAPIDKeys gives them); both or neither. When unset, a pair is generated on first start and kept in the service's database, so the browsers' subscriptions (made for that public key) survive a restart.",
      ),
    VAPID_PRIVATE_KEY: z
      .string()
      .min(1)
      .optional()
      .describe('The private half of the VAPID key pair (see VAPID_PUBLIC_KEY).'),
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:|https:\/\/)/, 'a mailto: or https:// URL')
      .default('mailto:admin@oneeta.invalid')
      .describe('Who push services contact about this sender: a mailto: or https: URL.'),
    PUSH_TTL_SECONDS: z.coerce
      .number()
      .int()
      .min(0)
      .max(2_419_200)
      .default(3600)
      .describe(
        'Seconds a push service keeps a message for an offline device (the Web Push TTL header).',
      ),
    PUSH_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(100)
      .default(10_000)
      .describe(
        'How long one push request may take (ms) before it counts as failed and is retried.',
      ),
    PUSH_TEST_MAX_PER_MINUTE: z.coerce
      .number()
      .int()
      .min(1)
      .default(5)
      .describe('Test pushes ("Send test push") one user may ask for per minute.'),
    PUSH_ALLOWED_HOSTS: z
      .string()
      .optional()
      .transform((value) =>
        value
          ? value
              .split(',')
              .map((h) => h.trim().toLowerCase())
              .filter(Boolean)
          : [],
      )
      .describe(
        'Push services a subscription may name (comma-separated hosts; `*.example.com` any subdomain, `example.com` that host and its subdomains). Unset: any public https host.',
      ),
    PUSH_ALLOW_PRIVATE_ENDPOINTS: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true')
      .describe(
        'Test-only: accept push endpoints on loopback and private addresses (a local push-service stand-in). Refused with NODE_ENV=production.',
      ),
    NOTIFY_CONCURRENCY: z.coerce
      .number()
      .int()
      .min(1)
      .max(256)
      .default(8)
      .describe('Push jobs one process sends at once.'),
    SMTP_URL: z
      .url({ protocol: /^smtps?$/ })
      .optional()
      .describe(
        "SMTP server for e-mail (smtp://user:pass@host:587 or smtps://…:465). When unset, e-mails are kept in the service's embedded outbox, which the administrator can read.",
      ),
    EMAIL_FROM: z
      .string()
      .min(3)
      .default('OneETA <no-reply@oneeta.invalid>')
      .describe('The sender of every e-mail.'),
    PUBLIC_URL: z
      .url()
      .default('http://localhost:8080')
      .transform((url) => url.replace(/\/+$/, ''))
      .describe('Where users open the web app: invite links in e-mails point here.'),
    SESSION_URL: z
      .url()
      .default('http://127.0.0.1:4002')
      .describe("Base URL of the session service (invite e-mails read the invite's code from it)."),
    ...accountEnvSchema.shape,
  })
  .refine((env) => (env.VAPID_PUBLIC_KEY === undefined) === (env.VAPID_PRIVATE_KEY === undefined), {
    message: 'set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither',
    path: ['VAPID_PRIVATE_KEY'],
  })
  .refine((env) => !(env.PUSH_ALLOW_PRIVATE_ENDPOINTS && env.NODE_ENV === 'production'), {
    message: 'is for tests only: a production process sends pushes to public addresses only',
    path: ['PUSH_ALLOW_PRIVATE_ENDPOINTS'],
  });
export type Config = z.infer<typeof configSchema>;
