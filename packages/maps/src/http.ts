/**
 * HTTP for the adapters that call an engine (Azure Maps, OSRM, Photon): one request with a
 * per-attempt timeout, retried with exponential backoff and jitter on 429, 408, 5xx, timeouts and
 * network errors, honouring Retry-After, for a bounded number of attempts. Every attempt is
 * counted. Secrets never reach an error message.
 */
import { ProviderError } from './port.js';

/** First retry waits about this long; each further retry doubles it. */
export const RETRY_BASE_DELAY_MS = 250;
/** Backoff never grows beyond this. */
export const RETRY_MAX_DELAY_MS = 8_000;
/** A Retry-After longer than this is not waited out: the call fails at once (retryable). */
export const RETRY_AFTER_MAX_MS = 30_000;

export interface TransportOptions {
  /** Who is called, starting every error message ('Azure Maps', 'OSRM', 'Photon'). */
  service: string;
  timeoutMs: number;
  maxAttempts: number;
  fetch?: typeof fetch;
  /** Waits between attempts (tests pass one that records and returns at once). */
  sleep?: (ms: number) => Promise<void>;
  /** [0, 1) source for jitter. */
  random?: () => number;
  /** Strings scrubbed from every error message (keys, secrets, tokens). */
  secrets?: () => Array<string | undefined>;
  /** Headers sent with every request (e.g. a User-Agent); a request's own headers win. */
  headers?: Record<string, string>;
}

export interface HttpRequest {
  /** What the call is for, used in error messages ('route matrix'). */
  what: string;
  method: 'GET' | 'POST';
  url: URL;
  headers: Record<string, string>;
  body?: string;
}

/** A final answer: a 2xx, or a client error that retrying cannot fix. */
export interface HttpAnswer {
  status: number;
  body: unknown;
}

/** Counts HTTP requests sent for one port call, retries included. */
export interface RequestCounter {
  count: number;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Milliseconds asked by a Retry-After header (delta-seconds or an HTTP date), or null. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * An error answer as one line: `{error:{code,message}}` (Azure Maps), `{error, error_description}`
 * (Entra ID), `{code, message}` (OSRM) or `{message}` (Photon).
 */
export function describeErrorBody(body: unknown): string {
  if (typeof body !== 'object' || body === null) return '';
  const record = body as { error?: unknown; code?: unknown; message?: unknown };
  const error = record.error;
  const parts =
    typeof error === 'object' && error !== null
      ? [(error as { code?: unknown }).code, (error as { message?: unknown }).message]
      : error !== undefined
        ? [error, (body as { error_description?: unknown }).error_description]
        : [record.code, record.message];
  return parts
    .filter((x): x is string => typeof x === 'string' && x !== '')
    .map((x) => x.split(/\r?\n/)[0])
    .join(': ');
}

export class Transport {
  constructor(private readonly options: TransportOptions) {}

  redact(text: string): string {
    let out = text;
    for (const secret of this.options.secrets?.() ?? []) {
      if (secret && secret.length >= 4) out = out.split(secret).join('***');
    }
    return out;
  }

  fail(message: string, status: number | null, retryable: boolean): ProviderError {
    return new ProviderError(this.redact(message), status, retryable);
  }

  /** Sends with retries; resolves with the final non-retryable answer, throws ProviderError otherwise. */
  async send(request: HttpRequest, counter: RequestCounter): Promise<HttpAnswer> {
    const { maxAttempts, timeoutMs, service } = this.options;
    const doFetch = this.options.fetch ?? fetch;
    const sleep = this.options.sleep ?? defaultSleep;
    let last: ProviderError | null = null;
    let askedWaitMs = 0;
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      if (attempt > 1) await sleep(this.backoff(attempt - 1, askedWaitMs));
      askedWaitMs = 0;
      counter.count += 1;
      let response: Response;
      let text: string;
      try {
        response = await doFetch(request.url, {
          method: request.method,
          headers: { ...this.options.headers, ...request.headers },
          body: request.body,
          signal: AbortSignal.timeout(timeoutMs),
        });
        text = await response.text();
      } catch (error) {
        const timedOut =
          error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
        const reason = timedOut
          ? `timed out after ${timeoutMs} ms`
          : `network error (${errorText(error)})`;
        last = this.fail(`${service} ${request.what} ${reason}`, null, true);
        continue;
      }
      const body = parseJson(text);
      if (response.ok) {
        if (body === undefined)
          throw this.fail(
            `${service} ${request.what} answered ${response.status} with no JSON body`,
            response.status,
            false,
          );
        return { status: response.status, body };
      }
      const detail = describeErrorBody(body);
      const message = `${service} ${request.what} failed: HTTP ${response.status}${detail ? ` (${detail})` : ''}`;
      const retryable =
        response.status === 429 || response.status >= 500 || response.status === 408;
      if (!retryable) return { status: response.status, body: body ?? null };
      last = this.fail(message, response.status, true);
      const wait = retryAfterMs(response.headers.get('retry-after'));
      if (wait !== null && wait > RETRY_AFTER_MAX_MS) {
        throw this.fail(
          `${message}; Retry-After ${Math.round(wait / 1000)} s is too long to wait`,
          response.status,
          true,
        );
      }
      askedWaitMs = wait ?? 0;
    }
    throw this.fail(
      `${last?.message ?? `${service} ${request.what} failed`} after ${maxAttempts} attempt(s)`,
      last?.status ?? null,
      true,
    );
  }

  /** Equal-jitter exponential backoff, never shorter than the server's Retry-After. */
  private backoff(retry: number, askedWaitMs: number): number {
    const random = this.options.random ?? Math.random;
    const cap = Math.min(RETRY_MAX_DELAY_MS, RETRY_BASE_DELAY_MS * 2 ** (retry - 1));
    const jittered = cap / 2 + random() * (cap / 2);
    return Math.round(Math.max(jittered, askedWaitMs));
  }
}

function parseJson(text: string): unknown {
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as Error & { cause?: unknown }).cause;
  return cause instanceof Error ? `${error.message}: ${cause.message}` : error.message;
}
