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

export const ADMIN_LIST_LIMIT = 200;
export const ADMIN_QUEUE_LIMIT = 50;
export const ADMIN_QUEUE_POLL_MS = 5000;
/** Cost estimate defaults (doc 2 §9). */
export const DEFAULT_PRICE_PER_1000_TRANSACTIONS = 0.5;
export const CELLS_PER_TRANSACTION = 4;
