import { z } from 'zod';

/**
 * BullMQ queue names. Renaming a queue strands jobs in flight: add a new one and drain the old.
 */
export const QUEUES = {
  routeMatrix: 'route-matrix',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/**
 * One job per session; the worker reads the session's current route input over
 * `GET /internal/sessions/:id/route-input`, so a debounced job never carries stale positions.
 */
export const routeMatrixJobSchema = z.object({
  sessionId: z.string(),
  reason: z.enum(['participants', 'location', 'destination', 'arriveAt', 'routeOptions', 'invite', 'save']),
  requestedAt: z.string(),
});
export type RouteMatrixJob = z.infer<typeof routeMatrixJobSchema>;

/** Job name → payload schema and retry policy; the worker parses before use. */
export const JOBS = {
  [QUEUES.routeMatrix]: {
    name: 'compute',
    schema: routeMatrixJobSchema,
    attempts: 5,
    backoff: { type: 'exponential', delay: 1000 },
    /** Debounce window: a burst of updates within it gives one job per session. */
    debounceMs: 1000,
  },
} as const;

/** What the worker needs to compute a session's travel times. */
export const routeInputSchema = z.object({
  sessionId: z.string(),
  destination: z.object({ lat: z.number(), lon: z.number() }).nullable(),
  arriveAt: z.string().nullable(),
  travelMode: z.string(),
  participants: z.array(
    z.object({
      participantId: z.string(),
      lat: z.number(),
      lon: z.number(),
      routeOptions: z.object({
        travelMode: z.enum(['car', 'bicycle', 'walking']),
        routeType: z.enum(['fastest', 'shortest']),
        avoidTolls: z.boolean(),
      }),
    }),
  ),
});
export type RouteInput = z.infer<typeof routeInputSchema>;
