import type { HealthResponse } from './health.js';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The answer of GET /api/health checked without zod: it is the landing page's one call, and the
 * schemas chunk (zod and every contract, ~30 KB compressed) is too much to load for it. It agrees
 * with `healthResponseSchema` on every shape (test/health-guard.test.ts).
 */
export function isHealthResponse(value: unknown): value is HealthResponse {
  if (!isRecord(value) || typeof value.time !== 'string' || !isRecord(value.upstreams))
    return false;
  return Object.values(value.upstreams).every(
    (upstream) =>
      isRecord(upstream) &&
      typeof upstream.ok === 'boolean' &&
      (upstream.status === undefined ||
        (typeof upstream.status === 'number' && Number.isFinite(upstream.status))),
  );
}
