// The JSON Schema subset the OpenAPI document uses, and the little reading both generators share:
// `$ref` into components, OpenAPI 3.0 `nullable`, 3.1 type arrays, `allOf` merged into one object.

export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  nullable?: boolean;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  multipleOf?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
  [key: string]: unknown;
}

/** Where `$ref`s point: the OpenAPI document (or any object holding `components.schemas`). */
export interface RefRoot {
  components?: { schemas?: Record<string, JsonSchema> };
  [key: string]: unknown;
}

/** `#/components/schemas/Name` (any JSON pointer into `root`, in fact). */
export function resolveRef(root: RefRoot, ref: string): JsonSchema {
  if (!ref.startsWith('#/')) throw new Error(`Only local $refs are supported, got ${ref}`);
  let node: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    node = (node as Record<string, unknown> | undefined)?.[key];
  }
  if (!node || typeof node !== 'object') throw new Error(`Unresolved $ref ${ref}`);
  return node as JsonSchema;
}

/** The schema with its `$ref` chain followed and `allOf` folded into one (properties merged). */
export function deref(root: RefRoot, schema: JsonSchema, seen = 0): JsonSchema {
  if (seen > 50) throw new Error('$ref cycle');
  if (schema.$ref) {
    const { $ref, ...rest } = schema;
    return deref(root, { ...resolveRef(root, $ref), ...rest }, seen + 1);
  }
  if (schema.allOf) {
    const { allOf, ...rest } = schema;
    let merged: JsonSchema = rest;
    for (const part of allOf) {
      const p = deref(root, part, seen + 1);
      merged = {
        ...merged,
        ...p,
        properties: { ...merged.properties, ...p.properties },
        required: [...(merged.required ?? []), ...(p.required ?? [])],
      };
    }
    return merged;
  }
  return schema;
}

export const JSON_TYPES = [
  'string',
  'number',
  'integer',
  'boolean',
  'object',
  'array',
  'null',
] as const;
export type JsonType = (typeof JSON_TYPES)[number];

/** The types a (dereferenced) schema admits; every type when it says nothing. */
export function typesOf(schema: JsonSchema): JsonType[] {
  let types: string[];
  if (Array.isArray(schema.type)) types = schema.type;
  else if (schema.type) types = [schema.type];
  else if (schema.properties || schema.required) types = ['object'];
  else if (schema.items) types = ['array'];
  else if (schema.enum) types = [...new Set(schema.enum.map(jsonTypeOf))];
  else if ('const' in schema) types = [jsonTypeOf(schema.const)];
  else types = [...JSON_TYPES];
  if (schema.nullable && !types.includes('null')) types.push('null');
  return types as JsonType[];
}

export function jsonTypeOf(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value as JsonType;
}

/** True when the schema is exactly "anything" (z.unknown()): no value can break it. */
export function acceptsAnything(schema: JsonSchema): boolean {
  const keys = Object.keys(schema).filter(
    (k) => !['description', 'title', 'default', 'examples'].includes(k),
  );
  return keys.length === 0;
}
