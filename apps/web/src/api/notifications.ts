/**
 * The in-app side of the notification service (issue 15): the inbox (GET
 * /api/notifications/inbox, POST /api/notifications/inbox/read), the user's notification
 * preferences (GET/PUT /api/notifications/preferences) and muting one session (PUT
 * /api/notifications/mutes/:sessionId). Bodies and answers are the contracts' (live.ts).
 */
import type { NotificationPreferences } from '@oneeta/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

/** Our own texts of these calls' failures (the server's error text wins when it sends one). */
export const NOTIFICATION_CALL_ERRORS = {
  inboxFailed: 'Could not load your notifications',
  readFailed: 'Could not mark notifications read',
  preferencesFailed: 'Could not load your notification settings',
  savePreferencesFailed: 'Could not save your notification settings',
  muteFailed: 'Could not change notifications for this session',
} as const;

/** How often the inbox is asked while the tab is visible. */
export const INBOX_POLL_MS = 15_000;

/** GET /api/notifications/inbox → the caller's unread in-app notifications, oldest first. */
export async function getInbox(signal?: AbortSignal) {
  const answer = await apiRequest('/api/notifications/inbox', {
    schema: 'inboxResponseSchema',
    fallbackError: NOTIFICATION_CALL_ERRORS.inboxFailed,
    auth: 'required',
    ...(signal ? { signal } : {}),
  });
  return answer.notifications;
}

/** POST /api/notifications/inbox/read { ids } → { read }. */
export function markNotificationsRead(ids: string[]) {
  return apiRequest('/api/notifications/inbox/read', {
    method: 'POST',
    body: { ids },
    bodySchema: 'inboxReadBodySchema',
    schema: 'inboxReadResponseSchema',
    fallbackError: NOTIFICATION_CALL_ERRORS.readFailed,
    auth: 'required',
  });
}

/** GET /api/notifications/preferences → { preferences, mutedSessions }. */
export function getNotificationPreferences(signal?: AbortSignal) {
  return apiRequest('/api/notifications/preferences', {
    schema: 'preferencesResponseSchema',
    fallbackError: NOTIFICATION_CALL_ERRORS.preferencesFailed,
    auth: 'required',
    ...(signal ? { signal } : {}),
  });
}

/** PUT /api/notifications/preferences { preferences } → { preferences, mutedSessions }. */
export function saveNotificationPreferences(preferences: NotificationPreferences) {
  return apiRequest('/api/notifications/preferences', {
    method: 'PUT',
    body: { preferences },
    bodySchema: 'preferencesBodySchema',
    schema: 'preferencesResponseSchema',
    fallbackError: NOTIFICATION_CALL_ERRORS.savePreferencesFailed,
    auth: 'required',
  });
}

/** PUT /api/notifications/mutes/:sessionId { muted } → { sessionId, muted }. */
export function muteSession(sessionId: string, muted: boolean) {
  return apiRequest(`/api/notifications/mutes/${encodeURIComponent(sessionId)}`, {
    method: 'PUT',
    body: { muted },
    bodySchema: 'muteBodySchema',
    schema: 'muteResponseSchema',
    fallbackError: NOTIFICATION_CALL_ERRORS.muteFailed,
    auth: 'required',
  });
}

/**
 * The signed-in user's unread in-app notifications (the token is part of the key): asked every
 * INBOX_POLL_MS while the tab is visible (TanStack Query skips the interval in a hidden tab), and
 * when the session page's live socket says something changed.
 */
export const inboxQuery = (token: string | null) =>
  queryOptions({
    queryKey: queryKeys.inbox(token),
    queryFn: ({ signal }) => getInbox(signal),
    enabled: token !== null,
    refetchInterval: INBOX_POLL_MS,
    refetchIntervalInBackground: false,
    retry: false,
  });

/** The user's notification preferences and muted sessions. */
export const notificationPreferencesQuery = (token: string | null) =>
  queryOptions({
    queryKey: queryKeys.notificationPreferences(token),
    queryFn: ({ signal }) => getNotificationPreferences(signal),
    enabled: token !== null,
    retry: false,
  });
