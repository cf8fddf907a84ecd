import { z } from 'zod';
import { planSchema } from './plans.js';
import { travelResultSchema } from './sessions.js';

/**
 * Stream topics on the event bus (Redis Streams, one stream per topic).
 * Renaming a topic strands events in flight: add a new one and migrate instead.
 */
export const TOPICS = {
  userChanged: 'user.changed',
  sessionChanged: 'session.changed',
  travelComputed: 'travel.computed',
  usageRecorded: 'usage.recorded',
  inviteCreated: 'invite.created',
} as const;
export type Topic = (typeof TOPICS)[keyof typeof TOPICS];

/** Every event on the bus is wrapped in this envelope; handlers are idempotent by `id`. */
export const eventEnvelopeSchema = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  occurredAt: z.string(),
  source: z.string(),
  data: z.unknown(),
});
export type EventEnvelope<T = unknown> = Omit<z.infer<typeof eventEnvelopeSchema>, 'data'> & {
  data: T;
};

export const userChangedDataSchema = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  plan: planSchema,
  isAdmin: z.boolean(),
  changed: z.array(z.enum(['plan', 'name', 'email'])).min(1),
});
export type UserChangedData = z.infer<typeof userChangedDataSchema>;

/** The data schema of each topic whose shape is settled. */

export const travelComputedDataSchema = z.object({
  sessionId: z.string(),
  jobId: z.string(),
  computedAt: z.string(),
  results: z.array(travelResultSchema),
});
export type TravelComputedData = z.infer<typeof travelComputedDataSchema>;

export const sessionChangedDataSchema = z.object({
  sessionId: z.string(),
  creatorUserId: z.string(),
  isClosed: z.boolean(),
  closedAt: z.string().nullable(),
  participantCount: z.number().int(),
  reason: z.string(),
});
export type SessionChangedData = z.infer<typeof sessionChangedDataSchema>;

/** Carries no invite code: the notification service asks for it over an internal route. */
export const inviteCreatedDataSchema = z.object({
  sessionId: z.string(),
  inviteId: z.string(),
  email: z.string(),
  name: z.string(),
  inviterName: z.string().nullable(),
});
export type InviteCreatedData = z.infer<typeof inviteCreatedDataSchema>;

/** The data schema of each topic. */
export const EVENT_DATA_SCHEMAS = {
  [TOPICS.userChanged]: userChangedDataSchema,
  [TOPICS.travelComputed]: travelComputedDataSchema,
  [TOPICS.sessionChanged]: sessionChangedDataSchema,
  [TOPICS.inviteCreated]: inviteCreatedDataSchema,
} as const;
