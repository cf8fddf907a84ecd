import { z } from 'zod';
import { notificationKindSchema } from './events.js';
import { reminderJobSchema } from './reminders.js';
import type { Plan } from './plans.js';
import { suggestionMatrixJobSchema } from './suggestions.js';

/**
 * BullMQ queue names. Renaming a queue strands jobs in flight: add a new one and drain the old.
 */
export const QUEUES = {
  routeMatrix: 'route-matrix',
  notify: 'notify',
  reminders: 'reminders',
  liveCheck: 'session-live-check',
  planPush: 'billing-plan-push',
  suggestionMatrix: 'suggestion-matrix',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/**
 * BullMQ keys live under `{REDIS_PREFIX}:bull`: one hash tag, so Redis Cluster keeps a queue's keys
 * in one slot. Producers (session), the worker and the queue snapshot (routing) all use it.
 */
export const bullPrefix = (redisPrefix: string) => `{${redisPrefix}}:bull`;

/**
 * Route-matrix workers announce themselves in this Redis hash (field: workerId, value: JSON of
 * {@link routeWorkerBeatSchema}) every few seconds; the admin queue panel reads it.
 */
export const routeWorkersKey = (redisPrefix: string) => `${redisPrefix}:routing-workers`;
export const ROUTE_WORKER_BEAT_MS = 5_000;
export const routeWorkerBeatSchema = z.object({
  workerId: z.string(),
  jobsProcessing: z.number().int(),
  concurrency: z.number().int(),
  startedAt: z.string(),
  lastSeen: z.string(),
});
export type RouteWorkerBeat = z.infer<typeof routeWorkerBeatSchema>;

/**
 * One job per session; the worker reads the session's current route input over
 * `GET /internal/sessions/:id/route-input` when it starts, so a job never carries stale positions.
 * `reason` is the change that scheduled the job (later changes within the window join it).
 */
export const routeMatrixJobSchema = z.object({
  sessionId: z.string(),
  reason: z.enum([
    'participants',
    'location',
    'destination',
    'arriveAt',
    'routeOptions',
    'invite',
    'save',
  ]),
  requestedAt: z.string(),
});
export type RouteMatrixJob = z.infer<typeof routeMatrixJobSchema>;

/** What the service worker shows (title, body, icon) and opens on click (url); `tag` replaces an older one of the same session and kind. */
export const pushPayloadSchema = z.object({
  title: z.string().max(200),
  body: z.string().max(1000),
  url: z.string().max(2000),
  tag: z.string().max(200),
  icon: z.string().max(2000).optional(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

/**
 * One push to one registered device (one job per device, so a device that is gone never holds up
 * the others). No keys: the worker reads the subscription by id when it runs, and skips it when it
 * was removed meanwhile. The job id is the delivery id (notification.sent's deliveryId).
 */
export const notifyPushJobSchema = z.object({
  /** Absent on jobs queued before e-mail shared the queue. */
  channel: z.literal('push').optional(),
  userId: z.string(),
  subscriptionId: z.string(),
  sessionId: z.string().nullable(),
  kind: notificationKindSchema,
  payload: pushPayloadSchema,
});
export type NotifyPushJob = z.infer<typeof notifyPushJobSchema>;

/**
 * One e-mail. It carries what to look up, never the message: the worker reads the invite (its code)
 * from the session service, or a fresh verification link from auth, when it sends, and skips the
 * job when the invite was answered or the address changed meanwhile. The job id is the delivery id.
 */
export const notifyEmailJobSchema = z.discriminatedUnion('kind', [
  /** userId: the inviter (the ledger counts the e-mail to them); email: the invitee's address. */
  z.object({
    channel: z.literal('email'),
    kind: z.literal('invite'),
    userId: z.string(),
    email: z.string(),
    sessionId: z.string(),
    inviteId: z.string(),
  }),
  z.object({
    channel: z.literal('email'),
    kind: z.literal('verify-email'),
    userId: z.string(),
    email: z.string(),
  }),
  /** The link is fetched from auth when sending (requestId names the request); the job never holds it. */
  z.object({
    channel: z.literal('email'),
    kind: z.literal('password-reset'),
    userId: z.string(),
    email: z.string(),
    requestId: z.string(),
  }),
  z.object({
    channel: z.literal('email'),
    kind: z.literal('login-alert'),
    userId: z.string(),
    email: z.string(),
    failures: z.number().int().positive(),
    since: z.string(),
  }),
]);
export type NotifyEmailJob = z.infer<typeof notifyEmailJobSchema>;

/** Every notification goes through the one `notify` queue: a push to a device, or an e-mail. */
export const notifyJobSchema = z.union([notifyEmailJobSchema, notifyPushJobSchema]);
export type NotifyJob = z.infer<typeof notifyJobSchema>;

/**
 * Billing brings one user's plan in line with auth (`PUT /internal/users/:id/plan`). The job names
 * the user only: the worker reads the plan billing's subscriptions give when it runs, so a late,
 * repeated or out-of-order job pushes the newest plan, never an older one (and carries no secret).
 */
export const planPushJobSchema = z.object({ userId: z.string().min(1) });
export type PlanPushJob = z.infer<typeof planPushJobSchema>;

/**
 * Queue → its job name, payload schema and retry policy. service-kit's createQueue/createWorker
 * take an entry, so attempts and backoff are written only here; the worker parses before use.
 */
export const JOBS = {
  [QUEUES.routeMatrix]: {
    queue: QUEUES.routeMatrix,
    name: 'compute',
    schema: routeMatrixJobSchema,
    attempts: 5,
    backoff: { type: 'exponential', delay: 1000 },
  },
  /**
   * 429 and 5xx from a push service, and an e-mail the mail server refused or a lookup that failed,
   * retry: 1 s, 2 s, 4 s, 8 s, or later when the push service's Retry-After says so ('retry-after':
   * service-kit's RetryLaterError); then the delivery is recorded as failed.
   */
  [QUEUES.notify]: {
    queue: QUEUES.notify,
    name: 'deliver',
    schema: notifyJobSchema,
    attempts: 5,
    backoff: { type: 'retry-after', delay: 1000 },
  },
  /** A reminder whose session could not be read retries: 1 s, 2 s; stale by then, it is dropped. */
  [QUEUES.reminders]: {
    queue: QUEUES.reminders,
    name: 'remind',
    schema: reminderJobSchema,
    attempts: 3,
    backoff: { type: 'exponential', delay: 1000 },
  },
  /** The session service's periodic look at open sessions (issue 15: lateness, arrivals, no-shows, end of sharing); a failed tick is simply followed by the next. */
  [QUEUES.liveCheck]: {
    queue: QUEUES.liveCheck,
    name: 'check',
    schema: z.object({}),
    attempts: 1,
    backoff: { type: 'fixed', delay: 1000 },
  },
  /**
   * A plan auth could not take yet (auth down or answering 5xx) retries with backoff from 1 s,
   * doubling, 20 times (about 12 days in all); any later billing event of the user queues another.
   */
  [QUEUES.planPush]: {
    queue: QUEUES.planPush,
    name: 'push',
    schema: planPushJobSchema,
    attempts: 20,
    backoff: { type: 'exponential', delay: 1000 },
  },
  /**
   * A suggestion's participants × candidates matrix (suggestions.ts), computed by the routing
   * worker through the same travel cache as session travel; retried like a route-matrix job.
   */
  [QUEUES.suggestionMatrix]: {
    queue: QUEUES.suggestionMatrix,
    name: 'compute',
    schema: suggestionMatrixJobSchema,
    attempts: 5,
    backoff: { type: 'exponential', delay: 1000 },
  },
} as const;

/**
 * BullMQ priority of a session's route-matrix job by its owner's plan (1 is served first). Every job
 * has one, since BullMQ serves jobs without a priority before all prioritized ones.
 */
export const ROUTE_JOB_PRIORITY = {
  enterprise: 1,
  premium: 2,
  standard: 3,
  free: 4,
} as const satisfies Record<Plan, number>;

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

/**
 * Why a route-matrix job ended as it did (shown in the admin queue panel). 'computed': the provider
 * was called; 'all_cached': every asked cell came from the cache (the others were reckoned);
 * 'reckoned': no cell was asked, every travel time was dead-reckoned from the last answer;
 * 'unchanged': nothing was published, every result equalling the last published one.
 */
export const ROUTE_JOB_OUTCOMES = [
  'computed',
  'all_cached',
  'reckoned',
  'unchanged',
  'no_destination',
  'no_participants',
  'session_not_found',
] as const;

/** A finished route-matrix job's return value (BullMQ `returnvalue`). */
export const routeMatrixResultSchema = z.object({
  outcome: z.enum(ROUTE_JOB_OUTCOMES),
  participantIds: z.array(z.string()),
  /** Cells answered from the cache. */
  cachedKeys: z.number().int(),
  /** Participants whose travel time was dead-reckoned from their last answer (no cell asked); absent on older jobs. */
  reckoned: z.number().int().optional(),
  /** Cells computed by the provider in this run. */
  cells: z.number().int(),
  providerCalls: z.number().int(),
  /** The earliest expiry among the cached cells used (null when none came from the cache). */
  cachedExpiresAt: z.string().nullable(),
});
export type RouteMatrixResult = z.infer<typeof routeMatrixResultSchema>;
