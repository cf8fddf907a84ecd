import {
  routeInputSchema,
  suggestionMatrixInputSchema,
  suggestionMatrixStoredSchema,
  type RouteInput,
  type SuggestionMatrixInput,
  type SuggestionMatrixResultBody,
} from '@oneeta/contracts';

export interface SessionClient {
  /** The session's current positions, destination and arrival time; null when the session is gone. */
  routeInput(sessionId: string): Promise<RouteInput | null>;
  /** A suggestion's origins and candidates (or search); null once it is replaced, expired or its participants changed. */
  suggestionInput(sessionId: string, suggestionId: string): Promise<SuggestionMatrixInput | null>;
  /** Posts a suggestion's matrix; 'gone' when the suggestion no longer counts. */
  postSuggestionMatrix(
    sessionId: string,
    suggestionId: string,
    body: SuggestionMatrixResultBody,
  ): Promise<'stored' | 'gone'>;
}

/** Reads route input and posts results over the session service's internal routes (never through the gateway). */
export function createSessionClient(opts: {
  baseUrl: string;
  internalToken: string | undefined;
  timeoutMs?: number;
}): SessionClient {
  const call = (path: string, init: { method?: string; body?: unknown } = {}) =>
    fetch(new URL(path, opts.baseUrl), {
      method: init.method ?? 'GET',
      headers: {
        'x-internal-token': opts.internalToken ?? '',
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(opts.timeoutMs ?? 5_000),
    });
  const suggestionPath = (sessionId: string, suggestionId: string, tail: string) =>
    `/internal/sessions/${encodeURIComponent(sessionId)}/suggestions/${encodeURIComponent(suggestionId)}/${tail}`;
  return {
    async routeInput(sessionId) {
      const res = await call(`/internal/sessions/${encodeURIComponent(sessionId)}/route-input`);
      if (res.status === 404) return null;
      if (!res.ok)
        throw new Error(
          `session service answered ${res.status} for the route input of ${sessionId}`,
        );
      return routeInputSchema.parse(await res.json());
    },
    async suggestionInput(sessionId, suggestionId) {
      const res = await call(suggestionPath(sessionId, suggestionId, 'matrix-input'));
      if (res.status === 404) return null;
      if (!res.ok)
        throw new Error(
          `session service answered ${res.status} for the input of suggestion ${suggestionId}`,
        );
      return suggestionMatrixInputSchema.parse(await res.json());
    },
    async postSuggestionMatrix(sessionId, suggestionId, body) {
      const res = await call(suggestionPath(sessionId, suggestionId, 'matrix'), {
        method: 'POST',
        body,
      });
      if (!res.ok)
        throw new Error(
          `session service answered ${res.status} to the matrix of suggestion ${suggestionId}`,
        );
      return suggestionMatrixStoredSchema.parse(await res.json()).outcome;
    },
  };
}
