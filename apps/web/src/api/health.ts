import { isHealthResponse, type HealthResponse } from '@oneeta/contracts';
import { queryOptions } from '@tanstack/react-query';
import { SPEC } from '../text';
import { ApiError } from './client';
import { queryKeys } from './query-keys';

/**
 * GET /api/health → { time, upstreams }. Its error message is the HTTP status (e.g. '503'), or
 * 'Unexpected health response' when the answer is not the health shape (doc 1 §8).
 */
export async function getHealth(signal?: AbortSignal): Promise<HealthResponse> {
  let response: Response;
  try {
    response = await fetch('/api/health', {
      headers: { accept: 'application/json' },
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(error instanceof Error ? error.message : String(error), 0);
  }
  if (!response.ok) throw new ApiError(String(response.status), response.status);
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new ApiError(SPEC.unexpectedHealthResponse, response.status);
  }
  // Checked with the contract's zod-free guard: the landing page loads no schemas chunk for it.
  if (!isHealthResponse(json)) throw new ApiError(SPEC.unexpectedHealthResponse, response.status);
  return json;
}

/** GET /api/health, once per page view (no retries: the indicator shows the failure). */
export const healthQuery = () =>
  queryOptions({
    queryKey: queryKeys.health,
    queryFn: ({ signal }) => getHealth(signal),
    retry: false,
    staleTime: 30_000,
  });
