import { baseEnvSchema } from '@oneeta/service-kit';
import { mapsEnvSchema } from '@oneeta/maps';
import { z } from 'zod';

/** The route-matrix worker's env: the service kit's, the maps provider's (packages/maps), and these. */
export const configSchema = baseEnvSchema.extend(mapsEnvSchema.shape).extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(4004),
  SESSION_URL: z
    .url()
    .default('http://127.0.0.1:4002')
    .describe(
      "Base URL of the session service; the worker reads each session's route input from it.",
    ),
  WORKER_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(4)
    .describe('Jobs one worker process runs at once.'),
  WORKER_LOCK_MS: z.coerce
    .number()
    .int()
    .min(500)
    .default(10_000)
    .describe(
      "How long a job's lock lasts without renewal; a killed worker's job is retried after it lapses.",
    ),
  WORKER_STALLED_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(100)
    .default(5_000)
    .describe(
      'How often the worker looks for stalled jobs (whose worker died) to hand to another worker.',
    ),
  WORKER_ID: z
    .string()
    .optional()
    .describe("This worker's id in the admin queue panel (defaults to host name + pid)."),
  TRAVEL_CACHE_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(900)
    .describe('Lifetime of a cached travel-time cell.'),
});
export type Config = z.infer<typeof configSchema>;
