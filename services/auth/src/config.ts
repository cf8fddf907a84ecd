import { baseEnvSchema } from '@oneeta/service-kit';
import { z } from 'zod';

export const configSchema = baseEnvSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(4001),
  ADMIN_EMAIL: z
    .email()
    .transform((email) => email.toLowerCase())
    .optional()
    .describe(
      "The administrator's e-mail (case-insensitive); that account carries the admin claim.",
    ),
  JWT_PRIVATE_KEY: z
    .string()
    .optional()
    .describe(
      'Optional Ed25519 private JWK (JSON, with kid); otherwise generated once and stored.',
    ),
  JWT_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(86_400)
    .default(3600)
    .describe('Access-token lifetime.'),
  LOGIN_MAX_FAILURES_PER_EMAIL: z.coerce
    .number()
    .int()
    .min(1)
    .default(5)
    .describe(
      'Login throttle, per account and client address: after LOGIN_MAX_FAILURES_PER_EMAIL failed attempts from one address, each next attempt from it waits LOGIN_DELAY_BASE_SECONDS, doubling with every further failure, at most LOGIN_FAILURE_WINDOW_SECONDS; the count is forgotten a window after the last attempt. Other addresses (the owner elsewhere) are not held up.',
    ),
  LOGIN_FAILURE_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(900)
    .describe(
      'Login throttle: the longest wait, and how long failures are remembered after the last attempt.',
    ),
  LOGIN_DELAY_BASE_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(15)
    .describe('Login throttle: the first wait, doubling with every further failure.'),
  LOGIN_ALERT_FAILURES_PER_HOUR: z.coerce
    .number()
    .int()
    .min(1)
    .default(20)
    .describe(
      'Failed sign-ins on one account within an hour (from any addresses) that e-mail its owner (at most once an hour).',
    ),
  PUBLIC_URL: z
    .url()
    .default('http://localhost:8080')
    .transform((url) => url.replace(/\/+$/, ''))
    .describe('Where users open the web app: e-mail links (verification) point here.'),
  VERIFY_EMAIL_MAX_PER_HOUR: z.coerce
    .number()
    .int()
    .min(1)
    .default(5)
    .describe('New verification links one user may ask for per hour.'),
  PASSWORD_RESET_MAX_PER_HOUR: z.coerce
    .number()
    .int()
    .min(1)
    .default(5)
    .describe(
      'Password-reset e-mails one address may be sent per hour (more requests get the same answer and send nothing).',
    ),
  AUTH_MAX_PER_IP_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(1)
    .default(20)
    .describe('Login and register attempts per client IP per minute.'),
  SESSION_URL: z
    .url()
    .default('http://127.0.0.1:4002')
    .describe("The session service: the data export reads the account's sessions there."),
  COMMUNICATION_URL: z
    .url()
    .default('http://127.0.0.1:4005')
    .describe("The communication service: the data export reads the account's messages there."),
  NOTIFICATION_URL: z
    .url()
    .default('http://127.0.0.1:4006')
    .describe(
      "The notification service: the data export reads the account's devices, preferences and inbox there.",
    ),
  BILLING_URL: z
    .url()
    .default('http://127.0.0.1:4007')
    .describe("The billing service: the data export reads the account's subscriptions there."),
  ADMIN_URL: z
    .url()
    .default('http://127.0.0.1:4008')
    .describe("The admin service: the data export reads the account's usage ledger there."),
  EXPORT_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(60_000)
    .default(5000)
    .describe(
      'How long the data export waits for each service; one that has not answered by then fails the export (503).',
    ),
});
export type Config = z.infer<typeof configSchema>;
