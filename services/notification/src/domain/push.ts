import { createHash } from 'node:crypto';
import type { NotificationKind, PushDevice, PushPayload } from '@oneeta/contracts';
import type { PushSubscriptionRow } from '../store/schema.js';

/**
 * The Web Push `Topic` of a notification: one per session and kind, so a newer reminder replaces an
 * older one still waiting at the push service. At most 32 URL-safe base64 characters (RFC 8030 §5.4).
 */
export function pushTopic(kind: NotificationKind, sessionId: string | null): string {
  return createHash('sha256')
    .update(`${kind}:${sessionId ?? '-'}`)
    .digest('base64url')
    .slice(0, 32);
}

/** The service worker's notification tag: a newer notification of the same session and kind replaces the shown one. */
export const notificationTag = (kind: NotificationKind, sessionId: string | null) =>
  `oneeta:${kind}:${sessionId ?? 'none'}`;

/** Urgency by kind: a leave reminder or a session alert (late, re-plan, arrived) must wake a sleeping phone; a test or invite need not. */
export const PUSH_URGENCY: Record<NotificationKind, 'very-low' | 'low' | 'normal' | 'high'> = {
  test: 'normal',
  invite: 'normal',
  'leave-reminder': 'high',
  'verify-email': 'normal',
  'session-alert': 'high',
  'password-reset': 'normal',
  'login-alert': 'normal',
};

/** The profile page's "Send test push". */
export function testPushPayload(): PushPayload {
  return {
    title: 'OneETA',
    body: 'Test notification: push notifications work on this device.',
    url: '/profile',
    tag: notificationTag('test', null),
  };
}

/** How a push service's answer is handled (RFC 8030; 404/410 mean the subscription is gone). */
export type PushVerdict = 'delivered' | 'gone' | 'retry' | 'failed';
export function pushVerdict(statusCode: number | null): PushVerdict {
  if (statusCode === null) return 'retry'; // no answer: network error or timeout
  if (statusCode >= 200 && statusCode < 300) return 'delivered';
  if (statusCode === 404 || statusCode === 410) return 'gone';
  if (statusCode === 429 || statusCode >= 500) return 'retry';
  return 'failed';
}

/** A subscription as GET /api/push/list shows it: never the keys. */
export function toDevice(row: PushSubscriptionRow): PushDevice {
  return {
    endpoint: row.endpoint,
    deviceName: row.deviceName,
    userAgent: row.userAgent,
    lastSeen: row.lastSeen.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
