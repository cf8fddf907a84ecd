import { z } from 'zod';
import { idSchema } from './text.js';

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
export const auditPageSchema = z.object({
  items: z.array(auditItemSchema),
  nextCursor: z.string().nullish(),
});
/** The audit summary: totals over the session's entries. */
export const auditSummarySchema = z.object({
  totals: z.object({ count: z.number(), azureRequests: z.number() }),
});
/** GET /api/sessions/:id/matrix-usage → usage per UTC hour. */
export const matrixUsageResponseSchema = z.object({ usage: z.array(matrixUsageItemSchema) });

/** GET /api/sessions/:id/audit?cursor=&event=&limit= (the owner or the administrator). */
export const auditQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  event: z.enum(['search', 'reverse', 'travel_times', 'timezone']).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
/** GET /api/sessions/:id/matrix-usage?includeRequests= (accepted for the spec's callers; requests are never listed). */
export const matrixUsageQuerySchema = z.object({
  includeRequests: z.enum(['true', 'false']).optional(),
});

/** `?limit=` of the admin lists (1–200, default 200). */
export const adminListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(200),
});
export const adminSessionParamsSchema = z.object({ sessionId: idSchema('Session id', 100) });

/** One session's usage in the ledger (GET /api/admin/azure-usage, doc 2 §3). */
export const adminUsageItemSchema = z.object({
  sessionId: z.string(),
  totalAzureRequests: z.number().int(),
  eventCount: z.number().int(),
  isClosed: z.boolean(),
  closedAt: z.string().nullable(),
  chatMessages: z.number().int(),
  chatLength: z.number().int(),
  callSeconds: z.number(),
  totalTransactions: z.number().int(),
  totalCells: z.number().int(),
  totalMatrixCalls: z.number().int(),
  /** estimateMapsCost of its travel-times calls (@oneeta/travel), in US dollars. */
  estimatedCost: z.number(),
});
export type AdminUsageItem = z.infer<typeof adminUsageItemSchema>;
export const adminUsageResponseSchema = z.object({ items: z.array(adminUsageItemSchema) });

/** GET /api/admin/matrix/top: sessions by travel-times calls, most first. */
export const matrixTopItemSchema = z.object({
  sessionId: z.string(),
  totalMatrixCalls: z.number().int(),
  totalCells: z.number().int(),
  totalTransactions: z.number().int(),
  estimatedCost: z.number(),
});
export const matrixTopResponseSchema = z.object({ items: z.array(matrixTopItemSchema) });

/** One UTC hour of a session's maps usage ('View hourly'). */
export const hourlyUsageItemSchema = z.object({
  dateHour: z.string(),
  azureRequests: z.number().int(),
  count: z.number().int(),
  totalCells: z.number().int(),
  transactions: z.number().int(),
});
/** GET /api/admin/matrix/:sessionId: its travel-times calls by origin, and by hour. */
export const sessionMatrixResponseSchema = z.object({
  sessionId: z.string(),
  originTotals: z.array(
    z.object({ origin: z.string(), totalTransactions: z.number().int(), calls: z.number().int() }),
  ),
  hourly: z.array(hourlyUsageItemSchema),
  estimatedCost: z.number(),
});
/** GET /api/admin/azure-usage/:sessionId/origins: provider requests and events by origin. */
export const azureOriginsResponseSchema = z.object({
  items: z.array(
    z.object({ origin: z.string(), azureRequests: z.number().int(), events: z.number().int() }),
  ),
});

/** Notification totals of a session (GET /api/admin/notifications). */
export const notificationUsageItemSchema = z.object({
  sessionId: z.string(),
  totalNotifications: z.number().int(),
  smsCount: z.number().int(),
  emailCount: z.number().int(),
  pushCount: z.number().int(),
  inAppCount: z.number().int(),
});
export const notificationUsageResponseSchema = z.object({
  items: z.array(notificationUsageItemSchema),
});
export const hourlyNotificationItemSchema = z.object({
  hour: z.string(),
  notifications: z.number().int(),
  smsCount: z.number().int(),
  emailCount: z.number().int(),
  pushCount: z.number().int(),
});
/** GET /api/admin/notifications/:sessionId. */
export const sessionNotificationsResponseSchema = z.object({
  totals: notificationUsageItemSchema,
  hourly: z.array(hourlyNotificationItemSchema),
});

/** Chat totals of a session (GET /api/admin/chats). */
export const chatUsageItemSchema = z.object({
  sessionId: z.string(),
  totalMessages: z.number().int(),
  totalLength: z.number().int(),
});
export const chatUsageResponseSchema = z.object({ items: z.array(chatUsageItemSchema) });
export const hourlyChatItemSchema = z.object({
  hour: z.string(),
  messages: z.number().int(),
  totalLength: z.number().int(),
});
/** GET /api/admin/chats/:sessionId. */
export const sessionChatsResponseSchema = z.object({
  totals: chatUsageItemSchema,
  hourly: z.array(hourlyChatItemSchema),
});

/** Call seconds of a session (GET /api/admin/call-seconds). */
export const callSecondsItemSchema = z.object({ sessionId: z.string(), totalSeconds: z.number() });
export const callSecondsResponseSchema = z.object({ items: z.array(callSecondsItemSchema) });
/** GET /api/admin/call-seconds/:sessionId/participants. */
export const callParticipantsResponseSchema = z.object({
  items: z.array(
    z.object({
      participantAcsId: z.string(),
      totalSeconds: z.number(),
      mode: z.enum(['voice', 'video']),
    }),
  ),
});

/** The word the clear-data dialog asks for (doc 2 §4). */
export const CLEAR_AUDIT_CONFIRMATION = 'CLEAR_AUDIT';
/** POST /api/admin/clear-audit { confirm }: anything but the exact word is a 400 and deletes nothing. */
export const clearAuditBodySchema = z.object({
  confirm: z.literal(CLEAR_AUDIT_CONFIRMATION, {
    error: `Type ${CLEAR_AUDIT_CONFIRMATION} to confirm`,
  }),
});
export const clearAuditResponseSchema = z.object({
  deleted: z.object({
    auditLog: z.number().int(),
    matrixRequests: z.number().int(),
    matrixUsage: z.number().int(),
    billingUsage: z.number().int(),
    notificationUsage: z.number().int(),
  }),
});

/** GET /api/admin/users (auth): the accounts, newest first. `disabled` is always false: accounts cannot be disabled yet. */
export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  plan: z.enum(['free', 'standard', 'premium', 'enterprise']),
  createdAt: z.string(),
  isAdmin: z.boolean(),
  disabled: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUsersResponseSchema = z.object({ items: z.array(adminUserSchema) });

/** GET /api/admin/sessions/counts (session): closed = isClosed or closedAt set. */
export const sessionCountsResponseSchema = z.object({
  total: z.number().int(),
  open: z.number().int(),
  closed: z.number().int(),
});

/** GET /api/admin/queue?limit= (routing): the route-matrix queue snapshot, at most `limit` jobs per list. */
export const adminQueueQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
/** GET /api/admin/recent-enqueue (routing): the sessions' deduplication keys and when each expires. */
export const recentEnqueueResponseSchema = z.object({
  items: z.array(z.object({ key: z.string(), expiresAt: z.string().nullable() })),
});

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
  enqueueKeys: z.array(
    z.object({ key: z.string(), jobId: z.string().nullable(), expiresAt: z.string().nullable() }),
  ),
  generatedAt: z.string(),
});
export type QueueSnapshot = z.infer<typeof queueSnapshotSchema>;
