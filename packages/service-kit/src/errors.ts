import type { z } from 'zod';

/** Throw from a route or domain code; the kit answers `{ error, code? }` with the status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, code?: string) => new HttpError(400, message, code);
export const unauthorized = (message: string, code?: string) => new HttpError(401, message, code);
export const forbidden = (message: string, code?: string) => new HttpError(403, message, code);
export const notFound = (message: string, code?: string) => new HttpError(404, message, code);
export const conflict = (message: string, code?: string) => new HttpError(409, message, code);

const ZOD_DEFAULT =
  /^(Invalid (input|option|string|key|element|value|format)|Too (small|big)|Unrecognized key)/;

/**
 * One human sentence for a validation failure: our schemas carry the spec's own messages; zod's
 * defaults get the field name in front so the reader knows what to fix.
 */
export function describeIssue(path: readonly PropertyKey[], message: string): string {
  const field = path.map(String).join('.');
  return field && ZOD_DEFAULT.test(message) ? `${field}: ${message}` : message;
}

export function describeZodError(error: z.ZodError): string {
  const first = error.issues[0];
  return first ? describeIssue(first.path, first.message) : 'Invalid request';
}

/** What a log line keeps of an error: never query parameters, row values or a message's quoted input. */
export interface LoggedError {
  type: string;
  code?: string;
  message: string;
  /** The stack's frames ('    at …' lines), without the message line(s). */
  stack: string;
  cause?: LoggedError;
}

const STACK_FRAME = /^\s+at /;
/** Postgres data exceptions (class 22: 'invalid input syntax for type uuid: "…"') quote the input. */
const QUOTES_INPUT = /^22/;

/**
 * pino's `err` serializer for every service (issue 11: failed queries logged argon2 hashes, invite
 * codes and exact positions). Keeps the error's type, code and message and the stack's frames only;
 * drizzle's 'Failed query: … params: …' becomes the driver error's own message, and no own property
 * (`params`, `query`, `detail`, `where`…) is copied.
 */
export function serializeError(err: unknown, depth = 0): LoggedError {
  if (!(err instanceof Error))
    return { type: typeof err, message: 'A non-Error value was thrown', stack: '' };
  const record = err as Error & { code?: unknown; cause?: unknown };
  const cause = record.cause instanceof Error ? record.cause : undefined;
  const isDrizzleQuery =
    record.constructor.name === 'DrizzleQueryError' || /^Failed query: /.test(err.message);
  const source = isDrizzleQuery && cause ? (cause as Error & { code?: unknown }) : record;
  const code =
    typeof source.code === 'string'
      ? source.code
      : typeof source.code === 'number'
        ? String(source.code)
        : undefined;
  let message = isDrizzleQuery && !cause ? 'Failed query' : source.message;
  if (code && QUOTES_INPUT.test(code)) message = message.replace(/"[^"]*"/g, '"…"');
  const frames = (err.stack ?? '').split('\n').filter((line) => STACK_FRAME.test(line));
  const type = isDrizzleQuery && cause ? `${record.name}: ${cause.name}` : err.name;
  const logged: LoggedError = { type, message, stack: frames.join('\n') };
  if (code) logged.code = code;
  const next = isDrizzleQuery ? (cause?.cause instanceof Error ? cause.cause : undefined) : cause;
  if (next && depth < 3) logged.cause = serializeError(next, depth + 1);
  return logged;
}

/** Seconds a client is asked to wait (Retry-After) when a dependency is unavailable. */
export const RETRY_AFTER_SECONDS = 5;
export const UNAVAILABLE_MESSAGE = 'Service temporarily unavailable: try again in a few seconds';

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down)
  '53300', // too_many_connections
  '57014', // query_canceled (statement_timeout)
  '25P03', // idle_in_transaction_session_timeout
]);
/**
 * node-postgres reports a dead, refused or frozen server with these messages (no code); ioredis
 * (producers fail fast, with no offline queue) with the last three.
 */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Connection ended unexpectedly|Client has encountered a connection error|connect ECONNREFUSED|Stream isn't writeable and enableOfflineQueue|^Connection is closed|Reached the max retries per request limit/i;

/**
 * True when the error (or one it wraps, as drizzle does) says a dependency — the database above
 * all — is unreachable, refusing, overloaded or too slow: the kit answers 503 with Retry-After.
 */
export function isUnavailableError(err: unknown, depth = 0): boolean {
  if (!(err instanceof Error) || depth > 4) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)))
    return true;
  if (UNAVAILABLE_MESSAGES.test(err.message.split('\n')[0] ?? '')) return true;
  return isUnavailableError((err as { cause?: unknown }).cause, depth + 1);
}

const SECRET_QUERY_KEY = /token|code|key|secret|password|signature|sig$/i;

/**
 * A URL as logs show it: an invite code in the path (`/invite/<code>`) and the values of query
 * parameters that carry secrets (`token`, `code`, `key`, …) are replaced with '…'.
 */
export function redactUrl(url: string): string {
  const [path = '', query] = url.split(/\?(.*)/s, 2);
  const safePath = path.replace(/\/invite\/[^/]+/g, '/invite/…');
  if (query === undefined) return safePath;
  const safeQuery = query
    .split('&')
    .map((pair) => {
      const [key = '', value] = pair.split(/=(.*)/s, 2);
      return value !== undefined && SECRET_QUERY_KEY.test(decodeURIComponentSafe(key))
        ? `${key}=…`
        : pair;
    })
    .join('&');
  return `${safePath}?${safeQuery}`;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
