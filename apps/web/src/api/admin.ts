/**
 * The administrator's calls (doc 2 §7 "Admin") on the shell's `apiRequest`: every answer parsed
 * with its contract schema (admin.ts), one `queryOptions` factory per view, never retried (a 403
 * stays a 403). The client makes them only for the administrator; the server refuses anyone else.
 */
import {
  ADMIN_LIST_LIMIT,
  ADMIN_QUEUE_LIMIT,
  ADMIN_QUEUE_POLL_MS,
  adminUsageResponseSchema,
  adminUsersResponseSchema,
  auditPageSchema,
  azureOriginsResponseSchema,
  callParticipantsResponseSchema,
  callSecondsResponseSchema,
  chatUsageResponseSchema,
  CLEAR_AUDIT_CONFIRMATION,
  clearAuditBodySchema,
  clearAuditResponseSchema,
  matrixTopResponseSchema,
  MESSAGES,
  notificationUsageResponseSchema,
  queueSnapshotSchema,
  recentEnqueueResponseSchema,
  sessionChatsResponseSchema,
  sessionCountsResponseSchema,
  sessionMatrixResponseSchema,
  sessionNotificationsResponseSchema,
} from '@oneeta/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

export type AdminUsageItem = z.infer<typeof adminUsageResponseSchema>['items'][number];
export type MatrixTopItem = z.infer<typeof matrixTopResponseSchema>['items'][number];
export type AdminUser = z.infer<typeof adminUsersResponseSchema>['items'][number];
export type QueueSnapshot = z.infer<typeof queueSnapshotSchema>;
export type QueueJob = QueueSnapshot['recentJobs'][number];
export type QueueWorker = QueueSnapshot['workers'][number];
export type SessionMatrix = z.infer<typeof sessionMatrixResponseSchema>;
export type ClearAuditResult = z.infer<typeof clearAuditResponseSchema>;
export type TravelTimesEntry = z.infer<typeof auditPageSchema>['items'][number];

/** One administrator GET: bearer required, the answer parsed with `schema`. */
function adminGet<S extends z.ZodType>(
  path: string,
  schema: S,
  signal: AbortSignal,
  query?: Record<string, string | number>,
) {
  return apiRequest(path, {
    schema,
    fallbackError: MESSAGES.internalError,
    auth: 'required',
    signal,
    ...(query ? { query } : {}),
  });
}

const limited = { limit: ADMIN_LIST_LIMIT };
const session = (id: string) => encodeURIComponent(id);

/** A query of the portal: never retried; a failure is shown ('HTTP {status}') or ignored. */
function adminQuery<S extends z.ZodType>(
  queryKey: readonly unknown[],
  path: string,
  schema: S,
  query?: Record<string, string | number>,
) {
  return queryOptions({
    queryKey,
    retry: false,
    queryFn: ({ signal }) => adminGet(path, schema, signal, query),
  });
}

/** GET /api/admin/azure-usage?limit=200: usage per session. */
export const adminUsageQuery = () =>
  adminQuery(queryKeys.adminUsage, '/api/admin/azure-usage', adminUsageResponseSchema, limited);
/** GET /api/admin/matrix/top?limit=200: sessions by travel-times transactions, with their cost. */
export const adminMatrixTopQuery = () =>
  adminQuery(queryKeys.adminMatrixTop, '/api/admin/matrix/top', matrixTopResponseSchema, limited);
/** GET /api/admin/notifications?limit=200 (secondary: a failure is ignored). */
export const adminNotificationsQuery = () =>
  adminQuery(
    queryKeys.adminNotifications,
    '/api/admin/notifications',
    notificationUsageResponseSchema,
    limited,
  );
/** GET /api/admin/chats?limit=200 (secondary). */
export const adminChatsQuery = () =>
  adminQuery(queryKeys.adminChats, '/api/admin/chats', chatUsageResponseSchema, limited);
/** GET /api/admin/call-seconds?limit=200 (secondary). */
export const adminCallSecondsQuery = () =>
  adminQuery(
    queryKeys.adminCallSeconds,
    '/api/admin/call-seconds',
    callSecondsResponseSchema,
    limited,
  );
/** GET /api/admin/sessions/counts: total, open, closed (secondary). */
export const adminSessionCountsQuery = () =>
  adminQuery(
    queryKeys.adminSessionCounts,
    '/api/admin/sessions/counts',
    sessionCountsResponseSchema,
  );
/** GET /api/admin/users?limit=200: the accounts, newest first. */
export const adminUsersQuery = () =>
  adminQuery(queryKeys.adminUsers, '/api/admin/users', adminUsersResponseSchema, limited);

/** GET /api/admin/queue?limit=50, polled every ADMIN_QUEUE_POLL_MS (secondary). */
export const adminQueueQuery = () =>
  queryOptions({
    ...adminQuery(queryKeys.adminQueue, '/api/admin/queue', queueSnapshotSchema, {
      limit: ADMIN_QUEUE_LIMIT,
    }),
    refetchInterval: ADMIN_QUEUE_POLL_MS,
  });
/** GET /api/admin/recent-enqueue: the deduplication keys, polled with the queue. */
export const adminRecentEnqueueQuery = () =>
  queryOptions({
    ...adminQuery(
      queryKeys.adminRecentEnqueue,
      '/api/admin/recent-enqueue',
      recentEnqueueResponseSchema,
    ),
    refetchInterval: ADMIN_QUEUE_POLL_MS,
  });

/** GET /api/admin/matrix/{sessionId}: origin totals, the hourly series and the estimated cost. */
export const adminSessionMatrixQuery = (id: string) =>
  adminQuery(
    queryKeys.adminSessionMatrix(id),
    `/api/admin/matrix/${session(id)}`,
    sessionMatrixResponseSchema,
  );
/** GET /api/admin/azure-usage/{sessionId}/origins. */
export const adminSessionOriginsQuery = (id: string) =>
  adminQuery(
    queryKeys.adminSessionOrigins(id),
    `/api/admin/azure-usage/${session(id)}/origins`,
    azureOriginsResponseSchema,
  );
/** GET /api/admin/notifications/{sessionId} (secondary). */
export const adminSessionNotificationsQuery = (id: string) =>
  adminQuery(
    queryKeys.adminSessionNotifications(id),
    `/api/admin/notifications/${session(id)}`,
    sessionNotificationsResponseSchema,
  );
/** GET /api/admin/chats/{sessionId} (secondary). */
export const adminSessionChatsQuery = (id: string) =>
  adminQuery(
    queryKeys.adminSessionChats(id),
    `/api/admin/chats/${session(id)}`,
    sessionChatsResponseSchema,
  );
/** GET /api/admin/call-seconds/{sessionId}/participants (secondary). */
export const adminSessionCallParticipantsQuery = (id: string) =>
  adminQuery(
    queryKeys.adminSessionCallParticipants(id),
    `/api/admin/call-seconds/${session(id)}/participants`,
    callParticipantsResponseSchema,
  );
/** GET /api/sessions/{id}/audit?event=travel_times&limit=200: 'Inspect calls'. */
export const adminTravelTimesQuery = (id: string) =>
  adminQuery(
    queryKeys.adminTravelTimesAudit(id),
    `/api/sessions/${session(id)}/audit`,
    auditPageSchema,
    {
      event: 'travel_times',
      limit: ADMIN_LIST_LIMIT,
    },
  );

/** POST /api/admin/clear-audit { confirm: 'CLEAR_AUDIT' } → the deleted counts. */
export function clearAudit(confirm: string): Promise<ClearAuditResult> {
  return apiRequest('/api/admin/clear-audit', {
    method: 'POST',
    body: clearAuditBodySchema.parse({ confirm }),
    schema: clearAuditResponseSchema,
    fallbackError: MESSAGES.internalError,
    auth: 'required',
  });
}

export { CLEAR_AUDIT_CONFIRMATION };
