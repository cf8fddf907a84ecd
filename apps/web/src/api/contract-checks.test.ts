// The JSON Schema checks agree with zod's parse of the same contract schemas, on data generated
// from each schema (fast-check) and on the same data with one value broken.
import { validArbitrary } from '@oneeta/fuzz/src/arbitrary';
import type { JsonSchema as FuzzSchema } from '@oneeta/fuzz/src/schema';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { JSON_SCHEMAS } from './json-schemas.gen';
import { isBodySchema } from '../../json-schemas';
import { checkAnswer, checkBody, type AnswerName, type BodyName } from './contract-checks';
import * as schemas from './schemas';

const names = Object.keys(JSON_SCHEMAS) as (AnswerName | BodyName)[];

/** Where the leaves of a JSON value are (paths of keys and indexes; an empty {} or [] is one). */
function leafPaths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (!value || typeof value !== 'object' || Object.keys(value).length === 0) return [at];
  if (Array.isArray(value)) return value.flatMap((v, i) => leafPaths(v, [...at, i]));
  return Object.entries(value).flatMap(([k, v]) => leafPaths(v, [...at, k]));
}

/**
 * zod's verdict and the checker's must be the same, but for zod's refinements (`.refine`, issue
 * code 'custom'), which JSON Schema cannot say: the checker leaves those to the server.
 */
function expectSameVerdict(name: AnswerName | BodyName, zodSchema: z.ZodType, value: unknown) {
  const parsed = zodSchema.safeParse(value);
  if (isBodySchema(name)) {
    // A body is sent as it is and the server applies its trims: never refuse what zod accepts.
    const ok = checkBody(name as BodyName, value);
    if (parsed.success) expect(ok).toBe(true);
    return ok;
  }
  const checked = checkAnswer(name as AnswerName, value);
  if (parsed.success) {
    expect(checked).toEqual({ ok: true, value: parsed.data });
  } else if (!parsed.error.issues.every((issue) => issue.code === 'custom')) {
    expect(checked.ok).toBe(false);
  }
  return checked.ok;
}

/** `value` with the leaf at `path` replaced by `junk` (the whole value when the path is empty). */
function withLeaf(value: unknown, path: (string | number)[], junk: unknown): unknown {
  if (path.length === 0) return junk;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head!] = withLeaf(copy[head!], rest, junk);
  return copy;
}

const junk = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string({ maxLength: 8 }),
  fc.constant({}),
  fc.constant([]),
  fc.constant('x'.repeat(600)),
  fc.constant(-1),
  fc.constant(1.5),
);

describe('checkAnswer and checkBody', () => {
  it('covers every schema src/api/schemas.ts exports', () => {
    const zodNames = Object.entries(schemas)
      .filter(([, s]) => s instanceof z.ZodType)
      .map(([n]) => n)
      .sort();
    expect([...names].sort()).toEqual(zodNames);
  });

  it.each(names)('agrees with zod on %s', (name) => {
    const json = JSON_SCHEMAS[name] as FuzzSchema;
    const zodSchema = schemas[name] as z.ZodType;
    const valid = validArbitrary(json, json);
    const broken = valid.chain((value) => {
      const paths = leafPaths(value);
      return fc.tuple(fc.constantFrom(...paths), junk).map(([path, j]) => withLeaf(value, path, j));
    });
    fc.assert(
      fc.property(valid, (value) => {
        expect(expectSameVerdict(name, zodSchema, value)).toBe(true);
      }),
      { numRuns: 60 },
    );
    let rejected = 0;
    fc.assert(
      fc.property(broken, (value) => {
        if (!expectSameVerdict(name, zodSchema, value)) rejected++;
      }),
      { numRuns: 60 },
    );
    // The broken data is broken (anything but a schema that accepts anything, like anyAnswer's).
    if (Object.keys(JSON_SCHEMAS[name] as object).length > 0) expect(rejected).toBeGreaterThan(0);
  });
});
