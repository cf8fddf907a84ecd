import type { auditItemSchema, matrixUsageItemSchema } from '@oneeta/contracts';
import { MESSAGES } from '@oneeta/contracts';
import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, apiRequest } from './client';
import { healthQuery } from './health';
import { queryKeys } from './query-keys';

// The owner's usage tools of a session (served by the admin service).

/**
 * Until the gateway has an admin service (its /api/health names every configured upstream), the
 * owner tools' calls could only get a 404, which the browser logs as a failed resource: answer
 * that 404 here without asking. When the health check itself fails, the call is made anyway.
 */
async function adminConfigured(client: QueryClient): Promise<void> {
  const health = await client.fetchQuery(healthQuery()).catch(() => null);
  if (health && !('admin' in health.upstreams)) {
    throw new ApiError(MESSAGES.internalError, 404, 'not_found');
  }
}

export type AuditItem = z.infer<typeof auditItemSchema>;
export type MatrixUsageItem = z.infer<typeof matrixUsageItemSchema>;

/** GET /api/sessions/:id/audit?cursor= → { items, nextCursor } (owner; served by the admin service). */
export function getAuditPage(id: string, cursor?: string | null, signal?: AbortSignal) {
  return apiRequest(`/api/sessions/${encodeURIComponent(id)}/audit`, {
    query: { cursor },
    schema: 'auditPageSchema',
    fallbackError: MESSAGES.internalError,
    auth: 'required',
    ...(signal ? { signal } : {}),
  });
}

/** GET /api/sessions/:id/audit/summary → { totals: { count, azureRequests } }. */
export function getAuditSummary(id: string, signal?: AbortSignal) {
  return apiRequest(`/api/sessions/${encodeURIComponent(id)}/audit/summary`, {
    schema: 'auditSummarySchema',
    fallbackError: MESSAGES.internalError,
    auth: 'required',
    ...(signal ? { signal } : {}),
  });
}

/** GET /api/sessions/:id/matrix-usage?includeRequests=false → { usage: [{ dateHour, count }] }. */
export function getMatrixUsage(id: string, signal?: AbortSignal) {
  return apiRequest(`/api/sessions/${encodeURIComponent(id)}/matrix-usage`, {
    query: { includeRequests: false },
    schema: 'matrixUsageResponseSchema',
    fallbackError: MESSAGES.internalError,
    auth: 'required',
    ...(signal ? { signal } : {}),
  });
}

/** The owner's audit log of a session, paged by cursor; never retried. */
export const sessionAuditQuery = (id: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.sessionAudit(id),
    retry: false,
    initialPageParam: null as string | null,
    queryFn: async ({ client, pageParam, signal }) => {
      await adminConfigured(client);
      return getAuditPage(id, pageParam, signal);
    },
    getNextPageParam: (last) => last.nextCursor ?? null,
  });

/** The owner's audit summary of a session; never retried. */
export const sessionAuditSummaryQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.sessionAuditSummary(id),
    retry: false,
    queryFn: async ({ client, signal }) => {
      await adminConfigured(client);
      return getAuditSummary(id, signal);
    },
  });

/** Route-matrix calls per UTC hour of a session; never retried. */
export const matrixUsageQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.sessionMatrixUsage(id),
    retry: false,
    queryFn: async ({ client, signal }) => {
      await adminConfigured(client);
      return getMatrixUsage(id, signal);
    },
  });
