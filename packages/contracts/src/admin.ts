import { z } from 'zod';

/** One UTC hour of route-matrix usage (GET /api/sessions/:id/matrix-usage). */
export const matrixUsageItemSchema = z.object({ dateHour: z.string(), count: z.number().int() });

/** Audit entry of a maps call made for a session (doc 1 §3). */
export const auditItemSchema = z.object({
  _id: z.string(),
  event: z.string(),
  createdAt: z.string(),
  request: z.record(z.string(), z.unknown()),
  result: z.record(z.string(), z.unknown()),
  metrics: z.object({
    azureRequests: z.number().int(),
    strategy: z.string().optional(),
    durationMs: z.number().optional(),
  }),
});

/** GET /api/sessions/:id/audit?cursor= → one page of audit entries. */
export const auditPageSchema = z.object({ items: z.array(auditItemSchema), nextCursor: z.string().nullish() });
/** The audit summary: totals over the session's entries. */
export const auditSummarySchema = z.object({ totals: z.object({ count: z.number(), azureRequests: z.number() }) });
/** GET /api/sessions/:id/matrix-usage → usage per UTC hour. */
export const matrixUsageResponseSchema = z.object({ usage: z.array(matrixUsageItemSchema) });

export const ADMIN_LIST_LIMIT = 200;
export const ADMIN_QUEUE_LIMIT = 50;
export const ADMIN_QUEUE_POLL_MS = 5000;
/** Cost estimate defaults (doc 2 §9). */
export const DEFAULT_PRICE_PER_1000_TRANSACTIONS = 0.5;
export const CELLS_PER_TRANSACTION = 4;

/** A route-matrix job as the admin queue panel shows it (GET /internal/routing/queue on the routing service). */
export const queueJobSchema = z.object({
  jobId: z.string(),
  sessionId: z.string().nullable(),
  participantIds: z.array(z.string()),
  cachedKeys: z.number().int(),
  status: z.enum(['waiting', 'delayed', 'prioritized', 'active', 'completed', 'failed', 'unknown']),
  attempts: z.number().int(),
  cells: z.number().int(),
  reason: z.object({ code: z.string(), cachedExpiresAt: z.string().nullable() }),
  priority: z.number().int(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  failedReason: z.string().nullable(),
});
export type QueueJob = z.infer<typeof queueJobSchema>;

export const queueWorkerSchema = z.object({
  workerId: z.string(),
  status: z.enum(['idle', 'busy', 'stale']),
  jobsProcessing: z.number().int(),
  lastSeen: z.string(),
});
export type QueueWorker = z.infer<typeof queueWorkerSchema>;

export const queueSnapshotSchema = z.object({
  queuedCount: z.number().int(),
  processingCount: z.number().int(),
  oldestQueuedAt: z.string().nullable(),
  processing: z.array(queueJobSchema),
  stalled: z.array(queueJobSchema),
  recentJobs: z.array(queueJobSchema),
  workers: z.array(queueWorkerSchema),
  /** Deduplication keys of sessions with a job queued or running, and when each expires (null: held until the job finishes). */
  enqueueKeys: z.array(z.object({ key: z.string(), jobId: z.string().nullable(), expiresAt: z.string().nullable() })),
  generatedAt: z.string(),
});
export type QueueSnapshot = z.infer<typeof queueSnapshotSchema>;
