// Request bodies, API answers and socket frames checked against the contracts without zod in the
// page: the JSON Schemas generated from the contract schemas (json-schemas.gen.ts) and a small
// checker. Building zod's schemas was the longest task of a page's start (issue 13).
import type { z } from 'zod';
import { checkJson } from '../lib/json-check';
import { JSON_SCHEMAS } from './json-schemas.gen';
import type * as SchemaModule from './schemas';

type Schemas = typeof SchemaModule;
/** The name of a schema of `./schemas`, e.g. 'sessionResponseSchema'. */
type SchemaName = {
  [K in keyof Schemas]: Schemas[K] extends z.ZodType ? K : never;
}[keyof Schemas];
/** The schemas of request bodies. */
export type BodyName = Extract<SchemaName, `${string}BodySchema`>;
/** The schemas of answers and socket frames. */
export type AnswerName = Exclude<SchemaName, BodyName>;
/** What zod's parse with that schema gives. */
export type Answer<N extends SchemaName> = z.output<Schemas[N]>;

/** `value` if it matches the contract schema `name` (with its defaults filled in), else not ok. */
export function checkAnswer<N extends AnswerName>(
  name: N,
  value: unknown,
): { ok: true; value: Answer<N> } | { ok: false } {
  const schema = JSON_SCHEMAS[name];
  if (schema === undefined) return { ok: false };
  const result = checkJson(schema, value);
  return result.ok ? { ok: true, value: result.value as Answer<N> } : { ok: false };
}

/**
 * Whether a request body fits its contract schema. The body is sent as it is: the server parses it
 * with the same schema, its trims and its refinements (`.refine`, which JSON Schema cannot say), so
 * this never refuses what the server accepts, and the server has the last word.
 */
export function checkBody(name: BodyName, body: unknown): boolean {
  const schema = JSON_SCHEMAS[name];
  return schema !== undefined && checkJson(schema, body).ok;
}
