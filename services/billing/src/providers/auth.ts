import { meResponseSchema, type Plan } from '@oneeta/contracts';
import { HttpError, RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGE } from '@oneeta/service-kit';

export interface AuthClient {
  /** The account's plan now, or null when there is no such account. */
  planOf(userId: string): Promise<Plan | null>;
  /** Sets the plan (auth publishes user.changed when it changed). */
  setPlan(userId: string, plan: Plan): Promise<void>;
}

/** The auth service's internal routes (GET /internal/users/:id, PUT /internal/users/:id/plan). */
export function createAuthClient(options: {
  baseUrl: string;
  internalToken?: string | undefined;
  timeoutMs?: number;
}): AuthClient {
  const call = async (method: 'GET' | 'PUT', path: string, body?: unknown) => {
    const res = await fetch(new URL(path, options.baseUrl), {
      method,
      headers: {
        'x-internal-token': options.internalToken ?? '',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
    }).catch(() => {
      throw unavailable();
    });
    return res;
  };
  return {
    async planOf(userId) {
      const res = await call('GET', `/internal/users/${encodeURIComponent(userId)}`);
      if (res.status === 404) return null;
      if (!res.ok) throw unavailable();
      return meResponseSchema.parse(await res.json()).user.plan;
    },
    async setPlan(userId, plan) {
      const res = await call('PUT', `/internal/users/${encodeURIComponent(userId)}/plan`, { plan });
      if (res.status === 404) return;
      if (!res.ok) throw unavailable();
    },
  };
}

const unavailable = () =>
  new HttpError(503, UNAVAILABLE_MESSAGE, 'unavailable', {
    'retry-after': String(RETRY_AFTER_SECONDS),
  });
