// Requests every operation gets, whatever fast-check draws: NUL and lone surrogates in each path
// parameter, each query value and several places of a valid body (what Postgres text and jsonb cannot
// store), and for the billing webhook signatures of the right length in other alphabets.
import type { FuzzRequest } from './client.js';
import { leafPaths, setAt } from './invalid.js';
import type { Operation } from './openapi.js';

/** The parts of a request `planRequests` builds from (the rest valid). */
export interface RequestParts {
  strict?: boolean;
  path: Record<string, string>;
  query: Record<string, unknown> | string;
  body?: unknown;
  rawBody?: string;
  contentType?: string | null;
  token?: string | null;
}
export type Build = (
  kind: FuzzRequest['kind'],
  variant: string,
  parts: RequestParts,
) => FuzzRequest;
export interface ValidParts {
  path: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
}

/** Text Postgres refuses: NUL, alone or inside text, and a lone surrogate (high and low). */
export const UNSTORABLE: readonly [string, string][] = [
  ['NUL', '\u0000'],
  ['inner NUL', 'fuzz\u0000name'],
  ['lone high surrogate', 'a\ud800b'],
  ['lone low surrogate', '\udfff'],
];
/** How many places of a body get each unstorable value. */
const BODY_PLACES = 4;

/** Where the billing webhook's signature travels, and hostile values for it. */
export const WEBHOOK_PATH = '/api/billing/webhook';
const now = () => Math.floor(Date.now() / 1000);
export const HOSTILE_SIGNATURES = (): [string, string][] => [
  ['v1 of 64 non-ASCII characters', `t=${now()},v1=${'é'.repeat(64)}`],
  ['v1 with one non-ASCII character', `t=${now()},v1=${'a'.repeat(63)}ÿ`],
  ['v1 of 32 two-byte characters', `t=${now()},v1=${'é'.repeat(32)}`],
  ['two v1, one non-ASCII', `t=${now()},v1=${'0'.repeat(64)},v1=${'é'.repeat(64)}`],
  ['empty v1', `t=${now()},v1=`],
  ['time only', `t=${now()}`],
  ['non-ASCII time', `t=é,v1=${'0'.repeat(64)}`],
  ['huge', `t=${now()},v1=${'a'.repeat(20_000)}`],
];

export function pinnedRequests(op: Operation, v: ValidParts, build: Build): FuzzRequest[] {
  const out: FuzzRequest[] = [];
  for (const p of op.pathParams)
    for (const [name, value] of UNSTORABLE)
      out.push(
        build('invalid', `path ${p.name} ${name}`, { ...v, path: { ...v.path, [p.name]: value } }),
      );
  for (const p of op.queryParams)
    for (const [name, value] of UNSTORABLE.slice(1, 3))
      out.push(
        build('invalid', `query ${p.name} ${name}`, {
          ...v,
          query: { ...v.query, [p.name]: value },
        }),
      );
  if (op.body && v.body !== undefined) {
    const places = leafPaths(v.body);
    const step = Math.max(1, Math.floor(places.length / BODY_PLACES));
    for (let i = 0; i < places.length && i < step * BODY_PLACES; i += step)
      for (const [name, value] of UNSTORABLE.slice(1, 3))
        out.push(
          build('invalid', `body ${places[i]!.join('.') || 'root'} ${name}`, {
            ...v,
            body: setAt(v.body, places[i]!, value),
          }),
        );
    if (typeof v.body === 'object' && v.body !== null && !Array.isArray(v.body))
      out.push(build('invalid', 'body key NUL', { ...v, body: { ...v.body, 'k\u0000': 'v' } }));
  }
  if (op.path === WEBHOOK_PATH)
    for (const [name, signature] of HOSTILE_SIGNATURES()) {
      const request = build('invalid', `signature ${name}`, { ...v });
      request.headers['stripe-signature'] = signature;
      out.push(request);
    }
  return out;
}
