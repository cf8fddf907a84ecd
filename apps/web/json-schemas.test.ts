import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GENERATED_FILE, jsonSchemas, jsonSchemasSource } from './json-schemas.js';
import { KNOWN_FORMATS, KNOWN_KEYWORDS } from './src/lib/json-check.js';

/** Every keyword and `format` under `node` (property names and definition names are not keywords). */
function keywordsOf(
  node: unknown,
  into = { keywords: new Set<string>(), formats: new Set<string>() },
) {
  if (Array.isArray(node)) for (const item of node) keywordsOf(item, into);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      into.keywords.add(key);
      if (key === 'format') into.formats.add(String(value));
      if (key === 'properties' || key === 'definitions') {
        for (const schema of Object.values(value as object)) keywordsOf(schema, into);
      } else if (key !== 'enum' && key !== 'const' && key !== 'default' && key !== 'required') {
        keywordsOf(value, into);
      }
    }
  }
  return into;
}

describe('the generated JSON Schemas', () => {
  it('are what `pnpm gen:schemas` writes from the contracts today', () => {
    // Fails after a contract changes until `pnpm gen:schemas` is run.
    expect(readFileSync(GENERATED_FILE, 'utf8')).toBe(jsonSchemasSource());
  });

  it('use only keywords and formats the checker knows', () => {
    const found = { keywords: new Set<string>(), formats: new Set<string>() };
    for (const schema of Object.values(jsonSchemas())) keywordsOf(schema, found);
    const { keywords, formats } = found;
    expect([...keywords].filter((k) => !KNOWN_KEYWORDS.has(k))).toEqual([]);
    expect([...formats].filter((f) => !KNOWN_FORMATS.has(f))).toEqual([]);
    expect(keywords.has('$ref')).toBe(true);
  });
});
