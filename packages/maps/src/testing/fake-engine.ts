/**
 * What the fake OSRM and fake Photon share: a fastify server on 127.0.0.1 that records every
 * request, can answer the next requests with an error status (and Retry-After) or late, and
 * answers errors in the engine's own shape.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { RecordedRequest } from './fake-azure.js';

export interface FakeEngineControls {
  /** Every request received, in order. */
  requests: RecordedRequest[];
  /** The next `count` requests answer `status` (with Retry-After when given). */
  failNext(count: number, status: number, options?: { retryAfterSeconds?: number }): void;
  /** The next `count` requests answer only after `ms` milliseconds. */
  delayNext(count: number, ms: number): void;
  /** Forgets recorded requests, pending failures and delays. */
  reset(): void;
}

export function createFakeEngine(errorBody: (status: number, message: string) => unknown): {
  app: FastifyInstance;
  controls: FakeEngineControls;
} {
  const requests: RecordedRequest[] = [];
  let failures: Array<{ status: number; retryAfterSeconds?: number }> = [];
  let delays: number[] = [];
  const app = Fastify({ logger: false, forceCloseConnections: true });
  app.setErrorHandler((error: Error & { statusCode?: number }, _req, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    return reply.code(status).send(errorBody(status, error.message));
  });
  app.addHook('preHandler', async (req, reply) => {
    requests.push({
      method: req.method,
      path: req.url.split('?')[0] ?? req.url,
      query: { ...(req.query as Record<string, string | string[]>) },
      headers: Object.fromEntries(
        Object.entries(req.headers).map(([k, v]) => [
          k,
          Array.isArray(v) ? v.join(', ') : String(v),
        ]),
      ),
      body: req.body,
    });
    const delay = delays.shift();
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
    const failure = failures.shift();
    if (failure) {
      if (failure.retryAfterSeconds !== undefined)
        reply.header('retry-after', String(failure.retryAfterSeconds));
      return reply
        .code(failure.status)
        .send(errorBody(failure.status, `Fake failure (status ${failure.status}).`));
    }
  });
  return {
    app,
    controls: {
      requests,
      failNext(count, status, options = {}) {
        for (let i = 0; i < count; i++)
          failures.push({ status, retryAfterSeconds: options.retryAfterSeconds });
      },
      delayNext(count, ms) {
        for (let i = 0; i < count; i++) delays.push(ms);
      },
      reset() {
        requests.length = 0;
        failures = [];
        delays = [];
      },
    },
  };
}

/** A query parameter's values, whether given once or several times. */
export const values = (value: string | string[] | undefined): string[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];
