// One HTTP request with a timeout, and a record of every answer for the figures and the failures.

export const REQUEST_TIMEOUT_MS = Number(process.env.FUZZ_TIMEOUT_MS ?? 10_000);

export interface FuzzRequest {
  operationId: string;
  /** 'valid' (schema-valid, maybe the wrong role) or 'invalid' (a bad part: body, query, path, token, type). */
  kind: 'valid' | 'invalid';
  /** What was broken or who asked, e.g. 'role owner', 'body invalid', 'token garbage'. */
  variant: string;
  /**
   * Invalid by the document itself (a body, query or path value its schema refuses, a bad token on a
   * secured call): a 2xx answer is worth reporting. Hostile values may well be valid.
   */
  strict?: boolean;
  /** A "valid" request whose body its schema refuses after all (see the figures). */
  offSchema?: boolean;
  method: string;
  /** Path and query, e.g. /api/sessions/abc?limit=5. */
  url: string;
  headers: Record<string, string>;
  /** Sent as is (already serialised). */
  body?: string;
}

export interface Answer {
  /** 0 when there was no HTTP answer (timeout, connection reset). */
  status: number;
  text: string;
  json: unknown;
  ms: number;
  error?: string;
}

export async function send(base: string, req: FuzzRequest): Promise<Answer> {
  const started = Date.now();
  try {
    const res = await fetch(`${base}${req.url}`, {
      method: req.method,
      headers: req.headers,
      body: req.body,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.status, text, json, ms: Date.now() - started };
  } catch (error) {
    const e = error as Error & { cause?: { code?: string } };
    return {
      status: 0,
      text: '',
      json: undefined,
      ms: Date.now() - started,
      error: `${e.name}: ${e.message}${e.cause?.code ? ` (${e.cause.code})` : ''}`,
    };
  }
}

/** An API call the fixtures make, as a client would: throws unless 2xx. */
export async function call<T>(
  base: string,
  method: string,
  url: string,
  { token, body }: { token?: string; body?: unknown } = {},
): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const answer = await send(base, {
    operationId: 'fixture',
    kind: 'valid',
    variant: 'fixture',
    method,
    url,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (answer.status < 200 || answer.status >= 300) {
    throw new Error(
      `fixture ${method} ${url} answered ${answer.status}${answer.error ? ` (${answer.error})` : ''}: ${answer.text.slice(0, 500)}`,
    );
  }
  return answer.json as T;
}

export function truncate(text: string | undefined, max = 300): string {
  if (text === undefined) return '';
  const shown = JSON.stringify(text.length > max ? text.slice(0, max) : text).slice(1, -1);
  return text.length > max ? `${shown}… (${text.length} chars)` : shown;
}

export function describeRequest(req: FuzzRequest, answer: Answer): string {
  const auth = req.headers.authorization
    ? ` [${req.variant}]`
    : ` [${req.variant}; no Authorization]`;
  return (
    `${req.method} ${truncate(req.url, 200)}${auth}\n` +
    `  content-type: ${req.headers['content-type'] ?? '-'}  body: ${truncate(req.body)}\n` +
    `  -> ${answer.status}${answer.error ? ` ${answer.error}` : ''} ${truncate(answer.text)}`
  );
}
