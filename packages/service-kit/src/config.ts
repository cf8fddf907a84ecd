import { z } from 'zod';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const ms = (fallback: number) => z.coerce.number().int().min(0).max(3_600_000).default(fallback);

/**
 * Server timeouts (milliseconds): a client that is slow to send its headers or its request, or a
 * connection left idle, is closed instead of holding a socket for ever (slow-loris).
 */
export const httpTimeoutsEnvSchema = z.object({
  HTTP_HEADERS_TIMEOUT_MS: ms(10_000).describe('Time allowed to receive the request headers.'),
  HTTP_REQUEST_TIMEOUT_MS: ms(30_000).describe(
    'Time allowed to receive the whole request (headers and body); at least the headers timeout.',
  ),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: ms(5_000)
    .pipe(z.number().min(1, 'must be at least 1'))
    .describe('How long an idle keep-alive connection stays open after a response.'),
  HTTP_CONNECTION_TIMEOUT_MS: ms(60_000).describe(
    'A socket with no traffic at all for this long is closed (websockets are exempt). 0 = never.',
  ),
  HTTP_MAX_REQUESTS_PER_SOCKET: z.coerce
    .number()
    .int()
    .min(0)
    .default(0)
    .describe('Requests served on one keep-alive connection before it is closed. 0 = no limit.'),
});
export type HttpTimeoutsEnv = z.infer<typeof httpTimeoutsEnvSchema>;

/**
 * Which peers' X-Forwarded-For/-Proto/-Host an app believes (its request.ip feeds the per-IP
 * limits): comma-separated addresses, CIDRs or the names loopback, linklocal, uniquelocal; `none`
 * trusts nobody. Fastify's request.ip is then the first untrusted address from the right of
 * X-Forwarded-For. The services' default trusts the private network the gateway reaches them over
 * (the gateway rewrites X-Forwarded-For to the client it trusts); the gateway passes its own
 * default (none: it faces the clients).
 */
export function trustProxySetting(byDefault: string) {
  return z
    .string()
    .trim()
    .min(1)
    .default(byDefault)
    .transform((value): string[] | false =>
      value === 'none'
        ? false
        : value
            .split(',')
            .map((entry) => entry.trim())
            .filter(Boolean),
    )
    .describe(
      'Peers whose X-Forwarded-For/-Proto/-Host are believed: comma-separated addresses, CIDRs or loopback, linklocal, uniquelocal; `none` trusts nobody. The gateway trusts nobody by default: name the balancer in front of it.',
    );
}

export const trustProxyEnvSchema = z.object({
  TRUST_PROXY: trustProxySetting('loopback,linklocal,uniquelocal'),
});

/** Postgres timeouts (milliseconds, DATABASE_URL mode): a frozen or absent database fails fast (503). */
export const dbTimeoutsEnvSchema = z.object({
  DB_CONNECT_TIMEOUT_MS: ms(5_000).describe(
    'Time allowed to open a connection (or to wait for one from the pool).',
  ),
  DB_STATEMENT_TIMEOUT_MS: ms(10_000).describe(
    'Server-side limit of one statement (statement_timeout); the client gives up 1 s after it.',
  ),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: ms(30_000).describe(
    'A session idle inside an open transaction for this long is ended by the server.',
  ),
});
export type DbTimeoutsEnv = z.infer<typeof dbTimeoutsEnvSchema>;

/** Env variables every service reads. Services `.extend()` this with their own. */
export const baseEnvSchema = z.object({
  ...httpTimeoutsEnvSchema.shape,
  ...trustProxyEnvSchema.shape,
  ...dbTimeoutsEnvSchema.shape,
  NODE_ENV: z
    .enum(['production', 'development', 'test'])
    .default('development')
    .describe('production | development | test'),
  PORT: z.coerce.number().int().min(0).max(65535).describe('Port to listen on.'),
  HOST: z.string().default('127.0.0.1').describe('Interface to bind; 0.0.0.0 inside containers.'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .describe('pino level.'),
  DATA_DIR: z
    .string()
    .default('.data')
    .describe('Where embedded data lives (PGlite under DATA_DIR/<service>).'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/ })
    .optional()
    .describe('Real PostgreSQL; when unset the service uses embedded PGlite.'),
  REDIS_URL: z
    .url({ protocol: /^rediss?$/ })
    .default('redis://127.0.0.1:6379')
    .describe('Redis for the event bus, pub/sub, queues, caches and rate limits.'),
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w.-]+$/, 'letters, digits, _ . - only')
    .default('oneeta')
    .describe('Namespace of every Redis key, queue, stream and channel.'),
  OUTBOX_POLL_MS: z.coerce
    .number()
    .int()
    .min(10)
    .default(1000)
    .describe('How often the outbox relay looks for undelivered rows when no commit woke it (ms).'),
  BUS_MAX_DELIVERIES: z.coerce
    .number()
    .int()
    .min(1)
    .default(5)
    .describe('Deliveries of a failing event before it moves to its dead-letter stream.'),
  INTERNAL_TOKEN: z
    .string()
    .min(16)
    .optional()
    .describe(
      'Shared secret for /internal/* routes; when unset, internal routes refuse every call.',
    ),
  AUTH_URL: z
    .url()
    .default('http://127.0.0.1:4001')
    .describe('Base URL of the auth service; its JWKS is read from /.well-known/jwks.json.'),
});
export type BaseEnv = z.infer<typeof baseEnvSchema>;

/** Parses env with the schema, failing with one readable line per bad variable. */
export function loadConfig<S extends z.ZodType>(
  schema: S,
  env: Record<string, string | undefined> = process.env,
): z.infer<S> {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = schema.safeParse(cleaned);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const name = issue.path.join('.') || '(env)';
    const value = typeof issue.path[0] === 'string' ? env[issue.path[0]] : undefined;
    const shown = value === undefined ? 'it is not set' : `got ${JSON.stringify(value)}`;
    return `  - ${name}: ${issue.message} (${shown})`;
  });
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}
