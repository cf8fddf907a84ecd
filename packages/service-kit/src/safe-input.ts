import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.js';

/** True when the text holds NUL or a lone UTF-16 surrogate: what Postgres text and jsonb cannot store. */
export function hasUnstorableText(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0) return true;
    if (code < 0xd800 || code > 0xdfff) continue;
    const next = text.charCodeAt(i + 1);
    if (code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      i++;
      continue;
    }
    return true;
  }
  return false;
}

/**
 * Where in `value` (a parsed body, params or query) a string or an object key holds unstorable
 * text, as a dotted path ('' for the value itself), or null when there is none. Walks strings,
 * arrays and plain objects only (what JSON parses to), without recursion, so a deeply nested body
 * costs no stack and a raw body stream is left alone.
 */
export function findUnstorableText(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [item, path] = stack.pop()!;
    if (typeof item === 'string') {
      if (hasUnstorableText(item)) return path;
      continue;
    }
    if (typeof item !== 'object' || item === null) continue;
    if (Array.isArray(item)) {
      item.forEach((entry, index) =>
        stack.push([entry, path ? `${path}.${index}` : String(index)]),
      );
      continue;
    }
    // Parsed JSON only: a stream (a proxied body), a Buffer or any other object is not walked.
    const proto = Object.getPrototypeOf(item) as unknown;
    if (proto !== Object.prototype && proto !== null) continue;
    for (const [key, entry] of Object.entries(item)) {
      const at = path ? `${path}.${key}` : key;
      if (hasUnstorableText(key)) return path || 'key';
      stack.push([entry, at]);
    }
  }
  return null;
}

const PARTS = [
  ['params', 'path'],
  ['query', 'query'],
  ['body', 'body'],
] as const;

/**
 * Every request of every service: a NUL or a lone surrogate anywhere in the path parameters, the
 * query or the body is a 400 before the handler runs (after schema validation, so fields whose
 * schema refuses them keep their own message), never the 500 the database would answer.
 */
export function refuseUnstorableText(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    for (const [part, label] of PARTS) {
      const at = findUnstorableText(request[part]);
      if (at === null) continue;
      const where = at ? `${label} ${at}` : label;
      throw new HttpError(
        400,
        `The ${where} holds an invalid character (NUL or a lone surrogate)`,
        'invalid_text',
      );
    }
  });
}
