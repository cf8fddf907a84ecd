import { z } from 'zod';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Env variables every service reads. Services `.extend()` this with their own. */
export const baseEnvSchema = z.object({
  /** production | development | test */
  NODE_ENV: z.enum(['production', 'development', 'test']).default('development'),
  /** Port to listen on. */
  PORT: z.coerce.number().int().min(0).max(65535),
  /** Interface to bind; 0.0.0.0 inside containers. */
  HOST: z.string().default('127.0.0.1'),
  /** pino level. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where embedded data lives (PGlite under DATA_DIR/<service>). */
  DATA_DIR: z.string().default('.data'),
  /** Real PostgreSQL; when unset the service uses embedded PGlite. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /** Redis for the event bus, pub/sub, queues, caches and rate limits. */
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).default('redis://127.0.0.1:6379'),
  /** Namespace of every Redis key, queue, stream and channel. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w.-]+$/, 'letters, digits, _ . - only')
    .default('oneeta'),
  /** Shared secret for /internal/* routes; when unset, internal routes refuse every call. */
  INTERNAL_TOKEN: z.string().min(16).optional(),
  /** Base URL of the auth service; its JWKS is read from /.well-known/jwks.json. */
  AUTH_URL: z.url().default('http://127.0.0.1:4001'),
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
