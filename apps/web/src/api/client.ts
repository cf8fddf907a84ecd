import { MESSAGES } from '@oneeta/contracts';
import type { z } from 'zod';
import type * as ContractChecks from './contract-checks';
import type { Answer, AnswerName, BodyName } from './contract-checks';
import { takeEarlyResponse } from './early';
import { clearToken, getToken } from './token';

/**
 * What an answer is checked with: a schema's name (its JSON Schema, see contract-checks.ts), or the zod
 * schema itself, for code in a lazy chunk of its own that imports it (the admin portal).
 */
export type AnswerSchema = AnswerName | z.ZodType;
type Parsed<S extends AnswerSchema> = S extends AnswerName
  ? Answer<S>
  : S extends z.ZodType
    ? z.output<S>
    : never;

let checks: Promise<typeof ContractChecks | null> | undefined;
/**
 * The contract checks and their JSON Schemas (~5 KB compressed), a chunk of their own loaded with
 * the first call, in parallel with it: the landing page, which makes none, does not carry them.
 * Null when the chunk could not load (the next call tries again).
 */
function loadChecks(): Promise<typeof ContractChecks | null> {
  return (checks ??= import('./contract-checks').catch(() => {
    checks = undefined;
    return null;
  }));
}

/** A failed call: `message` is the server's `error` text, else the call's default (doc 1 §8). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    /** HTTP status; 0 when the request never got an answer. */
    readonly status: number,
    /** The server's machine-readable `code`, e.g. 'missing_location', 'too_early'. */
    readonly code?: string,
    /** The parsed error body, for answers that carry more (e.g. `earliestArrival`). */
    readonly body?: unknown,
  ) {
    super(message);
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/** 'required': no token → ApiError 'Not authenticated' without a request; 'optional': sent if present. */
export type AuthMode = 'required' | 'optional' | 'none';

export interface RequestOptions<S extends AnswerSchema> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON body. */
  body?: unknown;
  /** The contract schema the body is checked against before it is sent (an ApiError when not). */
  bodySchema?: BodyName;
  query?: Record<string, string | number | boolean | null | undefined>;
  /** The contract schema the answer is parsed with. */
  schema: S;
  /** The text of the error when the server gives none (doc 1 §8 defaults per call). */
  fallbackError: string;
  auth?: AuthMode;
  signal?: AbortSignal;
}

function withQuery(path: string, query: RequestOptions<AnswerName>['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function errorFields(body: unknown): { error?: string; code?: string } {
  if (!body || typeof body !== 'object') return {};
  const { error, code } = body as { error?: unknown; code?: unknown };
  return {
    ...(typeof error === 'string' && error.trim() ? { error } : {}),
    ...(typeof code === 'string' ? { code } : {}),
  };
}

/**
 * One call to the API: JSON in and out, the bearer token when there is one (and the call takes it),
 * the answer parsed with its contract schema. Every failure is an ApiError; a 401 to the stored
 * token forgets it.
 */
export async function apiRequest<S extends AnswerSchema>(
  path: string,
  options: RequestOptions<S>,
): Promise<Parsed<S>> {
  const { method = 'GET', query, schema, fallbackError, auth = 'optional', signal } = options;
  const token = auth === 'none' ? null : getToken();
  if (auth === 'required' && !token) throw new ApiError(MESSAGES.notAuthenticated, 401);
  const { body } = options;
  const checking = loadChecks();
  if (options.bodySchema !== undefined && !(await checking)?.checkBody(options.bodySchema, body))
    throw new ApiError(fallbackError, 0, 'bad_request');

  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;

  const url = withQuery(path, query);
  const ask = () =>
    fetch(url, {
      method,
      headers,
      credentials: 'same-origin',
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      ...(signal ? { signal } : {}),
    });
  // The page's HTML may have asked already (early.ts); if that failed, ask again.
  const early = method === 'GET' ? takeEarlyResponse(url, token) : undefined;
  let response: Response;
  try {
    response = await (early ? early.catch(ask) : ask());
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(fallbackError, 0);
  }

  const json = await readJson(response);
  if (!response.ok) {
    // The token was refused (signed out everywhere, password changed, account deleted, expired):
    // the app is signed out, unless another token was stored while this call was on its way.
    if (response.status === 401 && token && getToken() === token) clearToken();
    const { error, code } = errorFields(json);
    throw new ApiError(error ?? fallbackError, response.status, code, json);
  }
  if (typeof schema === 'string') {
    const checked = (await checking)?.checkAnswer(schema as AnswerName, json);
    if (!checked?.ok) throw new ApiError(fallbackError, response.status, 'bad_response', json);
    return checked.value as Parsed<S>;
  }
  const parsed = (schema as z.ZodType).safeParse(json);
  if (!parsed.success) throw new ApiError(fallbackError, response.status, 'bad_response', json);
  return parsed.data as Parsed<S>;
}

/** The text to show for any error a call or hook produced. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.message;
  return fallback;
}
