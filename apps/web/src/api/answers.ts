// API answers and socket frames checked against the contracts without zod in the page: the JSON
// Schemas generated from the contract schemas (answer-schemas.gen.ts) and a small checker. Building
// zod's schemas was the longest task of a page's start (issue 13).
import type { z } from 'zod';
import { checkJson } from '../lib/json-check';
import { ANSWER_SCHEMAS } from './answer-schemas.gen';
import type * as SchemaModule from './schemas';

export type Schemas = typeof SchemaModule;
/** The name of a schema of `./schemas`, e.g. 'sessionResponseSchema'. */
export type SchemaName = {
  [K in keyof Schemas]: Schemas[K] extends z.ZodType ? K : never;
}[keyof Schemas];
/** The schemas of answers and socket frames (not of request bodies, which zod parses). */
export type AnswerName = Exclude<SchemaName, `${string}BodySchema`>;
/** What zod's parse with that schema gives. */
export type Answer<N extends SchemaName> = z.output<Schemas[N]>;

/** `value` if it matches the contract schema `name` (with its defaults filled in), else not ok. */
export function checkAnswer<N extends AnswerName>(
  name: N,
  value: unknown,
): { ok: true; value: Answer<N> } | { ok: false } {
  const schema = ANSWER_SCHEMAS[name];
  if (schema === undefined) return { ok: false };
  const result = checkJson(schema, value);
  return result.ok ? { ok: true, value: result.value as Answer<N> } : { ok: false };
}
