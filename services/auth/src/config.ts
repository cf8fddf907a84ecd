import { baseEnvSchema } from '@oneeta/service-kit';
import { z } from 'zod';

export const configSchema = baseEnvSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(4001),
  /** The administrator's e-mail (case-insensitive); that account carries the admin claim. */
  ADMIN_EMAIL: z
    .email()
    .transform((email) => email.toLowerCase())
    .optional(),
  /** Optional Ed25519 private JWK (JSON, with kid); otherwise generated once and stored. */
  JWT_PRIVATE_KEY: z.string().optional(),
  /** Access-token lifetime. */
  JWT_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  /**
   * Login throttle, per account and client address: after LOGIN_MAX_FAILURES_PER_EMAIL failed
   * attempts from one address, each next attempt from it waits LOGIN_DELAY_BASE_SECONDS, doubling
   * with every further failure, at most LOGIN_FAILURE_WINDOW_SECONDS; the count is forgotten a window
   * after the last attempt. Other addresses (the owner elsewhere) are not held up.
   */
  LOGIN_MAX_FAILURES_PER_EMAIL: z.coerce.number().int().min(1).default(5),
  LOGIN_FAILURE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  LOGIN_DELAY_BASE_SECONDS: z.coerce.number().int().min(1).default(15),
  /** Failed sign-ins on one account within an hour (from any addresses) that e-mail its owner (at most once an hour). */
  LOGIN_ALERT_FAILURES_PER_HOUR: z.coerce.number().int().min(1).default(20),
  /** Where users open the web app: e-mail links (verification) point here. */
  PUBLIC_URL: z
    .url()
    .default('http://localhost:8080')
    .transform((url) => url.replace(/\/+$/, '')),
  /** New verification links one user may ask for per hour. */
  VERIFY_EMAIL_MAX_PER_HOUR: z.coerce.number().int().min(1).default(5),
  /** Password-reset e-mails one address may be sent per hour (more requests get the same answer and send nothing). */
  PASSWORD_RESET_MAX_PER_HOUR: z.coerce.number().int().min(1).default(5),
  /** Login and register attempts per client IP per minute. */
  AUTH_MAX_PER_IP_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  /** The services the data export (GET /api/auth/me/export) gathers the account's data from. */
  SESSION_URL: z.url().default('http://127.0.0.1:4002'),
  COMMUNICATION_URL: z.url().default('http://127.0.0.1:4005'),
  NOTIFICATION_URL: z.url().default('http://127.0.0.1:4006'),
  BILLING_URL: z.url().default('http://127.0.0.1:4007'),
  ADMIN_URL: z.url().default('http://127.0.0.1:4008'),
  /** How long the data export waits for each service; one that has not answered by then fails the export (503). */
  EXPORT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
});
export type Config = z.infer<typeof configSchema>;
