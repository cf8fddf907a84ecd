/**
 * A checker for the JSON Schema (draft 7) that zod 4's `z.toJSONSchema` writes for the contracts'
 * schemas (`io: 'input'`): the web app checks API answers and socket frames with it instead of zod,
 * whose schemas cost a long task to build when a page starts (issue 13). Pure, no `eval` (the CSP
 * has no 'unsafe-eval'), and zod's own rules where JSON Schema's differ: lengths count UTF-16 code
 * units, patterns run without flags, a missing property with a `default` gets it.
 *
 * The refinements zod cannot write as JSON Schema (`.refine`, e.g. safeText's control characters)
 * are not checked here: the server checked them when it wrote the data. A keyword this checker does
 * not know fails the check (`KNOWN_KEYWORDS`; a test walks every generated schema).
 */
export type JsonSchema = boolean | { [keyword: string]: unknown };

/** Every keyword the checker reads or may ignore (annotations). */
export const KNOWN_KEYWORDS: ReadonlySet<string> = new Set([
  // checked
  '$ref',
  'type',
  'const',
  'enum',
  'anyOf',
  'oneOf',
  'allOf',
  'not',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'items',
  'additionalItems',
  'minItems',
  'maxItems',
  'properties',
  'required',
  'additionalProperties',
  'propertyNames',
  'default',
  // annotations
  '$schema',
  '$id',
  'definitions',
  'title',
  'description',
  'examples',
  'readOnly',
]);

/** `format`s checked (zod writes `pattern` beside `email`, so its own regex decides). */
export const KNOWN_FORMATS: ReadonlySet<string> = new Set(['email', 'uri']);

export type CheckResult = { ok: true; value: unknown } | { ok: false; path: string };

type Node = { [keyword: string]: unknown };

const patterns = new Map<string, RegExp>();
function regex(source: string): RegExp {
  let re = patterns.get(source);
  if (!re) {
    re = new RegExp(source);
    patterns.set(source, re);
  }
  return re;
}

function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) =>
    equal((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
  );
}

function isType(type: unknown, v: unknown): boolean {
  switch (type) {
    case 'null':
      return v === null;
    case 'boolean':
      return typeof v === 'boolean';
    case 'string':
      return typeof v === 'string';
    case 'number':
      return typeof v === 'number' && Number.isFinite(v);
    case 'integer':
      return typeof v === 'number' && Number.isInteger(v);
    case 'array':
      return Array.isArray(v);
    case 'object':
      return typeof v === 'object' && v !== null && !Array.isArray(v);
    default:
      return false;
  }
}

function resolve(root: JsonSchema, ref: string): JsonSchema | undefined {
  if (!ref.startsWith('#')) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(1).split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    node = (node as Record<string, unknown> | undefined)?.[key];
  }
  return typeof node === 'boolean' || (typeof node === 'object' && node !== null)
    ? (node as JsonSchema)
    : undefined;
}

function isUri(v: string): boolean {
  try {
    new URL(v);
    return true;
  } catch {
    return false;
  }
}

const ok = (value: unknown): CheckResult => ({ ok: true, value });
const fail = (path: string): CheckResult => ({ ok: false, path });

function checkString(s: Node, v: string): boolean {
  if (typeof s.minLength === 'number' && v.length < s.minLength) return false;
  if (typeof s.maxLength === 'number' && v.length > s.maxLength) return false;
  if (typeof s.pattern === 'string' && !regex(s.pattern).test(v)) return false;
  if (s.format !== undefined) {
    if (!KNOWN_FORMATS.has(s.format as string)) return false;
    if (s.format === 'uri' && !isUri(v)) return false;
    if (s.format === 'email' && typeof s.pattern !== 'string') return false;
  }
  return true;
}

function checkNumber(s: Node, v: number): boolean {
  if (typeof s.minimum === 'number' && v < s.minimum) return false;
  if (typeof s.maximum === 'number' && v > s.maximum) return false;
  if (typeof s.exclusiveMinimum === 'number' && v <= s.exclusiveMinimum) return false;
  if (typeof s.exclusiveMaximum === 'number' && v >= s.exclusiveMaximum) return false;
  if (typeof s.multipleOf === 'number' && !Number.isInteger(v / s.multipleOf)) return false;
  return true;
}

function checkArray(s: Node, v: unknown[], root: JsonSchema, path: string): CheckResult {
  if (typeof s.minItems === 'number' && v.length < s.minItems) return fail(path);
  if (typeof s.maxItems === 'number' && v.length > s.maxItems) return fail(path);
  const out: unknown[] = [];
  for (let i = 0; i < v.length; i++) {
    const item = Array.isArray(s.items)
      ? ((s.items[i] as JsonSchema | undefined) ??
        (s.additionalItems as JsonSchema | undefined) ??
        true)
      : ((s.items as JsonSchema | undefined) ?? true);
    const r = checkJson(item, v[i], root, `${path}/${i}`);
    if (!r.ok) return r;
    out.push(r.value);
  }
  return ok(out);
}

function checkObject(
  s: Node,
  v: Record<string, unknown>,
  root: JsonSchema,
  path: string,
): CheckResult {
  const properties = (s.properties ?? {}) as Record<string, JsonSchema>;
  for (const key of (s.required ?? []) as string[]) if (!(key in v)) return fail(`${path}/${key}`);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(v)) {
    const where = `${path}/${key}`;
    if (
      s.propertyNames !== undefined &&
      !checkJson(s.propertyNames as JsonSchema, key, root, where).ok
    )
      return fail(where);
    const schema = Object.hasOwn(properties, key)
      ? properties[key]!
      : ((s.additionalProperties as JsonSchema | undefined) ?? true);
    const r = checkJson(schema, value, root, where);
    if (!r.ok) return r;
    out[key] = r.value;
  }
  for (const [key, schema] of Object.entries(properties)) {
    if (!(key in out) && typeof schema === 'object' && 'default' in schema)
      out[key] = structuredClone(schema.default);
  }
  return ok(out);
}

/**
 * Checks `value` against `schema` (`root` holds the `definitions` its `$ref`s point into). The
 * value it gives back is a copy with the schema's defaults filled in, as zod's parse would give.
 */
export function checkJson(
  schema: JsonSchema,
  v: unknown,
  root: JsonSchema = schema,
  path = '',
): CheckResult {
  if (schema === true) return ok(v);
  if (schema === false) return fail(path);
  const s = schema;
  for (const keyword of Object.keys(s)) if (!KNOWN_KEYWORDS.has(keyword)) return fail(path);
  if (typeof s.$ref === 'string') {
    const target = resolve(root, s.$ref);
    return target === undefined ? fail(path) : checkJson(target, v, root, path);
  }
  if ('const' in s && !equal(v, s.const)) return fail(path);
  if (Array.isArray(s.enum) && !s.enum.some((e) => equal(e, v))) return fail(path);
  if (s.type !== undefined) {
    const types = Array.isArray(s.type) ? s.type : [s.type];
    if (!types.some((t) => isType(t, v))) return fail(path);
  }
  if (s.not !== undefined && checkJson(s.not as JsonSchema, v, root, path).ok) return fail(path);
  let out = v;
  if (Array.isArray(s.allOf)) {
    for (const part of s.allOf as JsonSchema[]) {
      const r = checkJson(part, v, root, path);
      if (!r.ok) return r;
      out =
        isType('object', r.value) && isType('object', out)
          ? { ...(out as object), ...(r.value as object) }
          : r.value;
    }
  }
  if (Array.isArray(s.anyOf)) {
    let match: CheckResult | undefined;
    for (const alt of s.anyOf as JsonSchema[]) {
      match = checkJson(alt, out, root, path);
      if (match.ok) break;
    }
    if (!match?.ok) return fail(path);
    out = match.value;
  }
  if (Array.isArray(s.oneOf)) {
    const matches = (s.oneOf as JsonSchema[])
      .map((alt) => checkJson(alt, out, root, path))
      .filter((r) => r.ok);
    if (matches.length !== 1) return fail(path);
    out = matches[0]!.value;
  }
  if (typeof out === 'string') return checkString(s, out) ? ok(out) : fail(path);
  if (typeof out === 'number') return checkNumber(s, out) ? ok(out) : fail(path);
  if (Array.isArray(out)) return checkArray(s, out, root, path);
  if (isType('object', out)) return checkObject(s, out as Record<string, unknown>, root, path);
  return ok(out);
}
