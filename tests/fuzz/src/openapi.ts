// The operations of an OpenAPI 3 document, flattened to what the fuzzer needs to call them.
import type { JsonSchema, RefRoot } from './schema.js';
import { deref } from './schema.js';

export type Access = 'public' | 'user' | 'member' | 'owner' | 'admin';
export const ACCESS_LEVELS: readonly Access[] = ['public', 'user', 'member', 'owner', 'admin'];

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  operationId: string;
  method: string;
  /** The templated path, e.g. /api/sessions/{id}. */
  path: string;
  access: Access;
  /** Needs a bearer token (the operation's own `security`, or the document's default). */
  secured: boolean;
  /** Reads a bearer token when one is sent (public, but answers differ by who asks). */
  optionalToken: boolean;
  pathParams: Parameter[];
  queryParams: Parameter[];
  /** The JSON request body's schema, when the operation takes one. */
  body?: JsonSchema;
  bodyRequired: boolean;
  /** The body's examples: the media type's `example`/`examples`, then the schema's `examples`. */
  bodyExamples: unknown[];
}

export interface OpenApiDocument extends RefRoot {
  openapi: string;
  paths: Record<string, Record<string, unknown>>;
  security?: unknown[];
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

interface RawOperation {
  operationId?: string;
  parameters?: (Parameter | { $ref: string })[];
  requestBody?:
    { required?: boolean; content?: Record<string, { schema?: JsonSchema }> } | { $ref: string };
  security?: unknown[];
  'x-oneeta-access'?: string;
}

export function readOperations(doc: OpenApiDocument): Operation[] {
  if (!/^3\./.test(String(doc.openapi)))
    throw new Error(`Not an OpenAPI 3 document (openapi: ${doc.openapi})`);
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    const shared = ((item.parameters as RawOperation['parameters']) ?? []).map((p) =>
      refd<Parameter>(doc, p),
    );
    for (const method of METHODS) {
      const raw = item[method] as RawOperation | undefined;
      if (!raw) continue;
      const params = [...shared, ...(raw.parameters ?? []).map((p) => refd<Parameter>(doc, p))];
      const security = raw.security ?? doc.security ?? [];
      // `[{}, { bearer: [] }]` is an optional sign-in: a token is read when given, never required.
      const isEmpty = (s: unknown) => !s || typeof s !== 'object' || Object.keys(s).length === 0;
      const secured = security.length > 0 && !security.some(isEmpty);
      const optionalToken = !secured && security.some((s) => !isEmpty(s));
      const access = (raw['x-oneeta-access'] ?? (secured ? 'user' : 'public')) as Access;
      if (!ACCESS_LEVELS.includes(access))
        throw new Error(`${method.toUpperCase()} ${path}: unknown x-oneeta-access ${access}`);
      const requestBody = raw.requestBody
        ? refd<Exclude<RawOperation['requestBody'], { $ref: string }>>(doc, raw.requestBody)
        : undefined;
      const json = requestBody?.content
        ? Object.entries(requestBody.content).find(([type]) => /json/i.test(type))?.[1]
        : undefined;
      ops.push({
        operationId: raw.operationId ?? `${method} ${path}`,
        method: method.toUpperCase(),
        path,
        access,
        secured,
        optionalToken,
        pathParams: params
          .filter((p) => p.in === 'path')
          .map((p) => ({ ...p, schema: p.schema ?? {} })),
        queryParams: params
          .filter((p) => p.in === 'query')
          .map((p) => ({ ...p, schema: p.schema ?? {} })),
        body: json ? (json.schema ?? {}) : undefined,
        bodyRequired: Boolean(requestBody?.required),
        bodyExamples: json ? examplesOf(doc, json) : [],
      });
    }
  }
  return ops;
}

function examplesOf(
  doc: OpenApiDocument,
  media: { schema?: JsonSchema; example?: unknown; examples?: Record<string, { value?: unknown }> },
): unknown[] {
  const out: unknown[] = [];
  if (media.example !== undefined) out.push(media.example);
  for (const e of Object.values(media.examples ?? {}))
    if (e?.value !== undefined) out.push(e.value);
  const inSchema = media.schema ? deref(doc, media.schema).examples : undefined;
  if (Array.isArray(inSchema)) out.push(...(inSchema as unknown[]));
  return out;
}

function refd<T>(doc: OpenApiDocument, value: T | { $ref: string }): T {
  return (
    value && typeof value === 'object' && '$ref' in value ? deref(doc, value as JsonSchema) : value
  ) as T;
}

/** Every path segment percent-encoded; lone surrogates (which encodeURIComponent refuses) as raw bad UTF-8. */
export function encodeSegment(value: string): string {
  let out = '';
  for (const ch of value) {
    const code = ch.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) out += code < 0xdc00 ? '%ED%A0%80' : '%ED%B0%80';
    else out += encodeURIComponent(ch);
  }
  return out;
}

/** `/api/sessions/{id}` with `{ id: 'abc' }` -> `/api/sessions/abc`. */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{([^}]+)\}/g, (_m, name: string) =>
    encodeSegment(values[name] ?? 'missing'),
  );
}

/** A query string (`?a=1&b=x`) from values; objects and arrays as JSON. */
export function queryString(values: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    parts.push(`${encodeSegment(key)}=${encodeSegment(text)}`);
  }
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}
