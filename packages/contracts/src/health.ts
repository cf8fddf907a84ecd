import { z } from 'zod';

export const healthResponseSchema = z
  .object({
    time: z.string(),
    upstreams: z.record(z.string(), z.object({ ok: z.boolean(), status: z.number().optional() })),
  })
  .meta({ id: 'Health' });
export type HealthResponse = z.infer<typeof healthResponseSchema>;

export const readinessSchema = z.object({
  ok: z.boolean(),
  checks: z.record(z.string(), z.object({ ok: z.boolean(), error: z.string().optional() })),
});
