import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseForm, type FormValue } from './form.js';

// How the fake Stripe speaks HTTP: Stripe's error shape, the API key check, idempotency keys.

export type Json = Record<string, unknown>;
export interface WireRequest {
  method: string;
  path: string;
  params: Record<string, FormValue>;
}
export class StripeWireError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

export const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
export const now = () => Math.floor(Date.now() / 1000);
export const missing = (kind: string, value: string, param: string) =>
  new StripeWireError(
    404,
    'invalid_request_error',
    `No such ${kind}: '${value}'`,
    'resource_missing',
    param,
  );
export const required = (param: string) =>
  new StripeWireError(
    400,
    'invalid_request_error',
    `Missing required param: ${param}.`,
    'parameter_missing',
    param,
  );

export function throwing(err: Error): never {
  throw err;
}

/** An endpoint: method, path pattern, and what it answers (or the StripeWireError it throws). */
export type Route = [string, RegExp, (req: WireRequest, m: RegExpExecArray) => Json];

export interface WireOptions {
  secretKey: string;
  routes: Route[];
  /** Every request received is pushed here. */
  requests: WireRequest[];
  /** The error the next call answers instead (taken once). */
  takeError: () => StripeWireError | null;
}

/** Serves the routes on 127.0.0.1 (a free port) the way api.stripe.com answers. */
export async function startWireServer(
  opts: WireOptions,
): Promise<{ url: string; close: () => Promise<void> }> {
  const { secretKey, routes, requests } = opts;
  const idempotent = new Map<string, { params: string; status: number; body: Json }>();

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://fake');
    const text = chunks.length > 0 ? Buffer.concat(chunks).toString('utf8') : url.search.slice(1);
    const request: WireRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      params: parseForm(text),
    };
    requests.push(request);
    const send = (status: number, body: Json, headers: Record<string, string> = {}) => {
      res.writeHead(status, {
        'content-type': 'application/json',
        'request-id': id('req'),
        ...headers,
      });
      res.end(JSON.stringify(body));
    };
    const fail = (err: StripeWireError) =>
      send(err.status, {
        error: {
          type: err.type,
          message: err.message,
          ...(err.code ? { code: err.code } : {}),
          ...(err.param ? { param: err.param } : {}),
        },
      });

    if (req.headers.authorization !== `Bearer ${secretKey}`)
      return fail(
        new StripeWireError(
          401,
          'invalid_request_error',
          'Invalid API Key provided: ' +
            String(req.headers.authorization ?? '').slice(7, 15) +
            '****',
        ),
      );
    const key = req.headers['idempotency-key'];
    const slot = typeof key === 'string' ? `${request.method} ${request.path} ${key}` : null;
    const seen = slot ? idempotent.get(slot) : undefined;
    if (seen) {
      if (seen.params !== text)
        return fail(
          new StripeWireError(
            400,
            'idempotency_error',
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${String(key)}' if you meant to execute a different request.`,
          ),
        );
      return send(seen.status, seen.body, { 'idempotent-replayed': 'true' });
    }
    const err = opts.takeError();
    if (err) return fail(err);
    const route = routes.find(
      ([method, pattern]) => method === request.method && pattern.test(request.path),
    );
    if (!route)
      return fail(
        new StripeWireError(
          404,
          'invalid_request_error',
          `Unrecognized request URL (${request.method}: ${request.path}).`,
        ),
      );
    try {
      const body = route[2](request, route[1].exec(request.path)!);
      if (slot) idempotent.set(slot, { params: text, status: 200, body: structuredClone(body) });
      send(200, body);
    } catch (err) {
      if (err instanceof StripeWireError) return fail(err);
      send(500, { error: { type: 'api_error', message: String(err) } });
    }
  };

  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
