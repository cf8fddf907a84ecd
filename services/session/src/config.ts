import { ARRIVAL_DWELL_SECONDS, LIVE_CHECK_INTERVAL_MS } from '@oneeta/contracts';
import { accountEnvSchema, baseEnvSchema } from '@oneeta/service-kit';
import { z } from 'zod';

export const configSchema = baseEnvSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(4002),
  ROUTE_JOB_DEBOUNCE_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(300)
    .describe(
      'Debounce window of route-matrix jobs per session (a burst of updates gives one job).',
    ),
  ROUTE_COALESCE_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(10_000)
    .describe(
      'Coalescing window of route-matrix jobs that position updates schedule: the moves within it share one job and one provider call.',
    ),
  LIVE_CHECK_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(500)
    .default(LIVE_CHECK_INTERVAL_MS)
    .describe(
      'How often open sessions are checked for lateness, arrivals, no-shows and the end of sharing.',
    ),
  ARRIVAL_DWELL_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .default(ARRIVAL_DWELL_SECONDS)
    .describe(
      'How long a device stays within the arrival radius before its participant counts as arrived.',
    ),
  ...accountEnvSchema.shape,
});
export type Config = z.infer<typeof configSchema>;
