import { accountEnvSchema, baseEnvSchema } from '@oneeta/service-kit';
import { z } from 'zod';

export const configSchema = baseEnvSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(4002),
  /** Debounce window of route-matrix jobs per session (a burst of updates gives one job). */
  ROUTE_JOB_DEBOUNCE_MS: z.coerce.number().int().min(0).default(300),
  /** Consumer name on the event bus; unique per replica (defaults to host + pid). */
  CONSUMER_NAME: z.string().optional(),
  ...accountEnvSchema.shape,
});
export type Config = z.infer<typeof configSchema>;
