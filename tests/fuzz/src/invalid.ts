// Values a schema refuses (`invalidArbitrary`: wrong types, missing required fields, out of bounds,
// too short/long, off pattern/format/enum, one bad field deep inside a valid object) and hostile ones
// (`hostileArbitrary`: NUL, lone surrogates, huge strings and numbers, deep nesting, bad cursors
// planted at one leaf of a valid value; the schema may or may not admit them, the service must
// still answer sanely).
import fc from 'fast-check';
import { bounds, validArbitrary } from './arbitrary.js';
import { deref, typesOf, type JsonSchema, type JsonType, type RefRoot } from './schema.js';

const DEEP = 2_000;

/** Nested arrays `depth` deep: `[[[...]]]`. */
export function deepArray(depth: number): unknown {
  let value: unknown = [];
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

/** One sample of every JSON type (two of numbers: integer and not). */
const SAMPLES: Record<JsonType, unknown[]> = {
  string: ['fuzz', ''],
  integer: [7, -1],
  number: [1.5],
  boolean: [true, false],
  null: [null],
  array: [[], [1, 'a']],
  object: [{}, { fuzz: 1 }],
};

function wrongTypeValues(s: JsonSchema): unknown[] {
  const allowed = new Set<JsonType>(typesOf(s));
  if (allowed.has('number')) allowed.add('integer');
  return (Object.keys(SAMPLES) as JsonType[])
    .filter((t) => !allowed.has(t))
    .flatMap((t) => SAMPLES[t]);
}

/** The types every branch of a union admits together. */
function unionTypes(root: RefRoot, s: JsonSchema): JsonSchema {
  const branches = (s.anyOf ?? s.oneOf ?? []).map((b) => deref(root, b));
  const types = new Set<string>(branches.flatMap((b) => typesOf(b)));
  if (s.nullable) types.add('null');
  return { type: [...types] };
}

export function invalidArbitrary(
  root: RefRoot,
  schema: JsonSchema,
  depth = 0,
): fc.Arbitrary<unknown> | undefined {
  const s = deref(root, schema);
  const arbs: fc.Arbitrary<unknown>[] = [];
  const add = (...values: unknown[]) => {
    if (values.length > 0) arbs.push(fc.constantFrom(...values));
  };
  if (s.anyOf || s.oneOf) {
    add(...wrongTypeValues(unionTypes(root, s)));
    return arbs.length > 0 ? fc.oneof(...arbs) : undefined;
  }
  add(...wrongTypeValues(s));
  if (s.enum || 'const' in s) {
    const known = new Set((s.enum ?? [s.const]).map((v) => JSON.stringify(v)));
    add(...['fuzz-not-listed', 'OPEN', ''].filter((v) => !known.has(JSON.stringify(v))));
    return fc.oneof(...arbs);
  }
  const types = typesOf(s);
  if (types.length === 1) {
    const [type] = types;
    if (type === 'string') add(...badStrings(s));
    if (type === 'integer' || type === 'number') add(...badNumbers(s, type));
    if (type === 'array' && depth < 4) arbs.push(...badArrays(root, s, depth));
    if (type === 'object' && depth < 4) arbs.push(...badObjects(root, s, depth));
  }
  return arbs.length > 0 ? fc.oneof(...arbs) : undefined;
}

function badStrings(s: JsonSchema): string[] {
  const out: string[] = [];
  if (s.minLength && s.minLength > 0) out.push('x'.repeat(s.minLength - 1));
  if (s.maxLength !== undefined) out.push('x'.repeat(s.maxLength + 1), 'é'.repeat(s.maxLength + 1));
  const pattern = s.pattern ? new RegExp(s.pattern, 'u') : undefined;
  const offPattern = ['', ' ', '\u0000', '!!!', 'Ω'.repeat(9), 'x'.repeat(300)].filter(
    (v) => pattern && !pattern.test(v),
  );
  out.push(...offPattern);
  const badFormat: Record<string, string[]> = {
    uuid: ['not-a-uuid', '00000000-0000-0000-0000-00000000000g'],
    email: ['not-an-email', 'a@', '@b.c'],
    'date-time': ['yesterday', '2024-13-45T25:61:00Z'],
    date: ['2024-02-30x', 'today'],
    uri: ['not a uri'],
    url: ['not a uri'],
  };
  out.push(...(badFormat[s.format ?? ''] ?? []));
  return out;
}

function badNumbers(s: JsonSchema, type: 'integer' | 'number'): number[] {
  const out: number[] = [];
  const { min, max, exMin, exMax } = bounds(s);
  if (min !== undefined) out.push(exMin ? min : min - 1, min - 1e9);
  if (max !== undefined) out.push(exMax ? max : max + 1, max + 1e9, 1e308);
  if (min !== undefined && max === undefined) out.push(-1e308);
  if (type === 'integer') out.push(0.5, 2.5e-7, (min ?? 0) + 0.5);
  return out.filter((n) => Number.isFinite(n));
}

function badArrays(root: RefRoot, s: JsonSchema, depth: number): fc.Arbitrary<unknown>[] {
  const item = s.items ? validArbitrary(root, s.items, depth + 1) : fc.constant(null);
  const out: fc.Arbitrary<unknown>[] = [];
  if (s.minItems && s.minItems > 0)
    out.push(fc.array(item, { minLength: s.minItems - 1, maxLength: s.minItems - 1 }));
  if (s.maxItems !== undefined)
    out.push(fc.array(item, { minLength: s.maxItems + 1, maxLength: s.maxItems + 1 }));
  const badItem = s.items ? invalidArbitrary(root, s.items, depth + 1) : undefined;
  if (badItem) {
    const min = Math.max(s.minItems ?? 0, 1);
    const max = Math.max(min, Math.min(s.maxItems ?? min + 2, min + 2));
    out.push(
      fc
        .tuple(fc.array(item, { minLength: min - 1, maxLength: max - 1 }), badItem, fc.nat())
        .map(([items, bad, at]) => {
          const copy = [...items];
          copy.splice(at % (copy.length + 1), 0, bad);
          return copy;
        }),
    );
  }
  return out;
}

function badObjects(root: RefRoot, s: JsonSchema, depth: number): fc.Arbitrary<unknown>[] {
  const valid = validArbitrary(root, s, depth) as fc.Arbitrary<Record<string, unknown>>;
  const out: fc.Arbitrary<unknown>[] = [];
  const required = s.required ?? [];
  if (required.length > 0) {
    out.push(
      fc.tuple(valid, fc.constantFrom(...required)).map(([value, key]) => {
        const copy = { ...value };
        delete copy[key];
        return copy;
      }),
    );
  }
  if (s.additionalProperties === false) {
    out.push(valid.map((value) => ({ ...value, fuzzUnknownField: 'x' })));
  }
  for (const [key, prop] of Object.entries(s.properties ?? {})) {
    const bad = invalidArbitrary(root, prop, depth + 1);
    if (bad) out.push(fc.tuple(valid, bad).map(([value, v]) => ({ ...value, [key]: v })));
  }
  return out;
}

/** Strings no text field should choke on; some are also bad ids and cursors. */
export const HOSTILE_STRINGS: readonly string[] = [
  '\u0000',
  'fuzz\u0000name',
  '\uD800',
  'a\uDFFFb',
  '\u202Eevil',
  '\uFEFF',
  '😀'.repeat(50),
  ' ',
  '../../etc/passwd',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '%00',
  '${7*7}',
  'null',
  'x'.repeat(100_000),
  'Ωé'.repeat(20_000),
  Buffer.from('{"updatedAt":"2024-13-45","id":1}').toString('base64url'),
  Buffer.from('not json at all').toString('base64url'),
  'eyJ',
  '!!!!',
];

export const HOSTILE_NUMBERS: readonly number[] = [
  1e308,
  -1e308,
  2 ** 53 + 2,
  -(2 ** 63),
  5e-324,
  0.1 + 0.2,
  -1,
  0,
];

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      deepArray(DEEP),
      { a: deepArray(64) },
      { __proto__: null, constructor: { prototype: 1 } },
    ),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
);

/** Paths to every leaf (and every empty container) of a JSON value. */
export function leafPaths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value))
    return value.length === 0 ? [at] : value.flatMap((v, i) => leafPaths(v, [...at, i]));
  if (value && typeof value === 'object') {
    const keys = Object.keys(value);
    return keys.length === 0
      ? [at]
      : keys.flatMap((k) => leafPaths((value as Record<string, unknown>)[k], [...at, k]));
  }
  return [at];
}

export function setAt(value: unknown, path: (string | number)[], leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head!] = setAt(copy[head!], rest, leaf);
  return copy;
}

/** A valid value with one leaf (or the whole value, when it has none) swapped for a hostile one. */
export function hostileArbitrary(root: RefRoot, schema: JsonSchema): fc.Arbitrary<unknown> {
  return fc.tuple(validArbitrary(root, schema), fc.nat(), hostileValue).map(([value, n, bad]) => {
    const paths = leafPaths(value);
    return setAt(value, paths[n % paths.length]!, bad);
  });
}
