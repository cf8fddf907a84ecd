import { routeInputSchema, type RouteInput } from '@oneeta/contracts';

export interface SessionClient {
  /** The session's current positions, destination and arrival time; null when the session is gone. */
  routeInput(sessionId: string): Promise<RouteInput | null>;
}

/** Reads route input from the session service's internal route (never through the gateway). */
export function createSessionClient(opts: {
  baseUrl: string;
  internalToken: string | undefined;
  timeoutMs?: number;
}): SessionClient {
  return {
    async routeInput(sessionId) {
      const url = new URL(
        `/internal/sessions/${encodeURIComponent(sessionId)}/route-input`,
        opts.baseUrl,
      );
      const res = await fetch(url, {
        headers: { 'x-internal-token': opts.internalToken ?? '' },
        signal: AbortSignal.timeout(opts.timeoutMs ?? 5_000),
      });
      if (res.status === 404) return null;
      if (!res.ok)
        throw new Error(
          `session service answered ${res.status} for the route input of ${sessionId}`,
        );
      return routeInputSchema.parse(await res.json());
    },
  };
}
