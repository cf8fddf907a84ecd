// JSON Schema -> fast-check arbitrary of values the schema accepts. Covers what zod 4 emits for the
// contracts: object/required/properties/additionalProperties, string (min/maxLength, format uuid,
// email, date-time, uri, pattern, enum, const), number/integer (bounds), boolean, null, array
// (min/maxItems), anyOf/oneOf, nullable, $ref and allOf.
import fc from 'fast-check';
import { deref, typesOf, type JsonSchema, type JsonType, type RefRoot } from './schema.js';

/** Nesting past this depth takes the smallest choice (recursive schemas stay finite). */
const MAX_DEPTH = 6;
/** Arrays and free strings are kept short: the fuzzer wants many requests, not big ones. */
const SOFT_MAX_ITEMS = 3;
const SOFT_MAX_LENGTH = 40;

export function validArbitrary(
  root: RefRoot,
  schema: JsonSchema,
  depth = 0,
): fc.Arbitrary<unknown> {
  const s = deref(root, schema);
  if ('const' in s) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) {
    const { anyOf: _a, oneOf: _o, ...rest } = s;
    // null (a nullish field) is one choice in five: a filled field is what reaches the logic.
    const arbs = alternatives.map((alt) => {
      const branch = { ...rest, ...deref(root, alt) };
      const weight = typesOf(branch).join() === 'null' ? 1 : 4;
      return { weight, arbitrary: validArbitrary(root, branch, depth + 1) };
    });
    if (s.nullable) arbs.push({ weight: 1, arbitrary: fc.constant(null) });
    return fc.oneof(...arbs);
  }
  const types = typesOf(s);
  return fc.oneof(
    ...types.map((t) => ({ weight: t === 'null' ? 1 : 4, arbitrary: ofType(root, s, t, depth) })),
  );
}

function ofType(
  root: RefRoot,
  s: JsonSchema,
  type: JsonType,
  depth: number,
): fc.Arbitrary<unknown> {
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return integerArb(s);
    case 'number':
      return numberArb(s);
    case 'string':
      return stringArb(s);
    case 'array':
      return arrayArb(root, s, depth);
    case 'object':
      return objectArb(root, s, depth);
  }
}

export function bounds(s: JsonSchema): {
  min?: number;
  max?: number;
  exMin: boolean;
  exMax: boolean;
} {
  // Draft 2020-12 has numeric exclusive bounds; OpenAPI 3.0 has boolean flags on minimum/maximum.
  const exMin = typeof s.exclusiveMinimum === 'number' || s.exclusiveMinimum === true;
  const exMax = typeof s.exclusiveMaximum === 'number' || s.exclusiveMaximum === true;
  const min = typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum : s.minimum;
  const max = typeof s.exclusiveMaximum === 'number' ? s.exclusiveMaximum : s.maximum;
  return { min, max, exMin, exMax };
}

function integerArb(s: JsonSchema): fc.Arbitrary<number> {
  const { min, max, exMin, exMax } = bounds(s);
  const lo = min === undefined ? -1_000_000 : Math.ceil(exMin ? min + 1 : min);
  const hi = max === undefined ? Math.max(lo, 0) + 1_000_000 : Math.floor(exMax ? max - 1 : max);
  const arb = fc.integer({
    min: Math.max(lo, Number.MIN_SAFE_INTEGER),
    max: Math.min(hi, Number.MAX_SAFE_INTEGER),
  });
  return s.multipleOf
    ? arb
        .map((n) => Math.round(n / s.multipleOf!) * s.multipleOf!)
        .filter((n) => n >= lo && n <= hi)
    : arb;
}

function numberArb(s: JsonSchema): fc.Arbitrary<number> {
  const { min, max, exMin, exMax } = bounds(s);
  const lo = min ?? -1e6;
  const hi = max ?? 1e6;
  const inside = (n: number) => (exMin ? n > lo : n >= lo) && (exMax ? n < hi : n <= hi);
  // Mostly plain numbers spread over the range (coordinates that look like places), some doubles
  // from fast-check's whole repertoire (tiny, huge, just inside a bound).
  const spread = fc
    .integer({ min: 0, max: 10_000 })
    .map((k) => lo + ((hi - lo) * k) / 10_000)
    .filter(inside);
  const any = fc
    .double({
      min: min ?? -1e9,
      max: max ?? 1e9,
      minExcluded: exMin,
      maxExcluded: exMax,
      noNaN: true,
      noDefaultInfinity: true,
    })
    .map((n) => (Object.is(n, -0) ? 0 : n));
  return fc.oneof({ weight: 3, arbitrary: spread }, { weight: 1, arbitrary: any });
}

const word = fc.stringMatching(/^[a-z0-9]{1,12}$/);

function formatArb(format: string | undefined): fc.Arbitrary<string> | undefined {
  switch (format) {
    case 'uuid':
      return fc.uuid();
    case 'email':
      return word.map((w) => `fuzz.${w}@example.com`);
    case 'date-time':
      return fc
        .date({
          min: new Date('2000-01-01T00:00:00Z'),
          max: new Date('2099-12-31T23:59:59Z'),
          noInvalidDate: true,
        })
        .map((d) => d.toISOString());
    case 'date':
      return fc
        .date({
          min: new Date('2000-01-01T00:00:00Z'),
          max: new Date('2099-12-31T00:00:00Z'),
          noInvalidDate: true,
        })
        .map((d) => d.toISOString().slice(0, 10));
    case 'uri':
    case 'url':
      return word.map((w) => `https://example.com/${w}`);
    default:
      return undefined;
  }
}

function stringArb(s: JsonSchema): fc.Arbitrary<string> {
  const minLength = s.minLength ?? 0;
  const maxLength = s.maxLength ?? Math.max(minLength, SOFT_MAX_LENGTH);
  const fits = (v: string) => v.length >= minLength && v.length <= maxLength;
  const pattern = s.pattern ? new RegExp(s.pattern, 'u') : undefined;
  const byFormat = formatArb(s.format);
  if (byFormat) return byFormat.filter((v) => fits(v) && (!pattern || pattern.test(v)));
  if (pattern) {
    // Patterns are anchored in practice; an unanchored one matches inside a longer string too.
    return fc.stringMatching(pattern).filter(fits);
  }
  // Mostly printable text, sometimes any Unicode: both are valid, the second finds encoding bugs.
  const soft = Math.min(maxLength, Math.max(minLength, SOFT_MAX_LENGTH));
  return fc.oneof(
    { weight: 4, arbitrary: fc.string({ minLength, maxLength: soft, unit: 'grapheme-ascii' }) },
    {
      weight: 1,
      arbitrary: fc.string({ minLength, maxLength: soft, unit: 'grapheme' }).filter(fits),
    },
  );
}

function arrayArb(root: RefRoot, s: JsonSchema, depth: number): fc.Arbitrary<unknown[]> {
  const minLength = s.minItems ?? 0;
  const cap = depth >= MAX_DEPTH ? minLength : minLength + SOFT_MAX_ITEMS;
  const maxLength = Math.min(s.maxItems ?? cap, cap);
  const item = s.items ? validArbitrary(root, s.items, depth + 1) : fc.constant(null);
  return fc.array(item, { minLength, maxLength });
}

function objectArb(
  root: RefRoot,
  s: JsonSchema,
  depth: number,
): fc.Arbitrary<Record<string, unknown>> {
  const properties = s.properties ?? {};
  const required = new Set(s.required ?? []);
  const keys = Object.keys(properties).filter((k) => depth < MAX_DEPTH || required.has(k));
  // An optional field is there four times in five: fields that are there reach the logic.
  const ABSENT = Symbol('absent');
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const key of keys) {
    const value = validArbitrary(root, properties[key]!, depth + 1);
    model[key] = required.has(key)
      ? value
      : fc.oneof({ weight: 1, arbitrary: fc.constant(ABSENT) }, { weight: 4, arbitrary: value });
  }
  for (const key of required) model[key] ??= fc.constant(null); // required but undescribed: anything
  return fc
    .record(model)
    .map((value) => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== ABSENT)));
}
