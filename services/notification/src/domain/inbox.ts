import { randomBytes } from 'node:crypto';
import type { InAppNotification } from '@oneeta/contracts';
import type { InAppNotificationRow } from '../store/schema.js';

let last = { ms: 0, seq: 0 };

/**
 * A time-ordered id: milliseconds and a per-process sequence (fixed-width base 36), then randomness,
 * so ids sort by creation time as text and `after` pages by id.
 */
export function inboxId(now = Date.now()): string {
  last = now > last.ms ? { ms: now, seq: 0 } : { ms: last.ms, seq: last.seq + 1 };
  return `${last.ms.toString(36).padStart(10, '0')}${(last.seq % 36 ** 4).toString(36).padStart(4, '0')}${randomBytes(5).toString('hex')}`;
}

/** A stored row as GET /api/notifications/inbox answers it. */
export function toInAppNotification(row: InAppNotificationRow): InAppNotification {
  return {
    id: row.id,
    kind: row.kind as InAppNotification['kind'],
    sessionId: row.sessionId,
    text: row.text,
    url: row.url,
    suggestedArriveAt: row.suggestedArriveAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    ...(row.details ?? {}),
  };
}
