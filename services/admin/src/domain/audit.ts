import type { z } from 'zod';
import type { auditItemSchema } from '@oneeta/contracts';
import type { MapsUsageRow } from '../store/schema.js';

/** A stored maps call as the audit log shows it (doc 1 §3 "Audit item"). */
export function toAuditItem(row: MapsUsageRow): z.infer<typeof auditItemSchema> {
  return {
    _id: row.id,
    event: row.event,
    createdAt: row.at.toISOString(),
    request: row.request,
    result: row.result,
    metrics: {
      azureRequests: row.providerRequests,
      strategy: row.strategy,
      durationMs: row.durationMs,
    },
  };
}
