// The JSON Schema -> fast-check generators against ajv, on a document built from the real contracts
// (test/fixtures/openapi.json): valid samples pass their schema, invalid ones fail it.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { schemaValidator } from '../src/ajv.js';
import { validArbitrary } from '../src/arbitrary.js';
import { deepArray, hostileArbitrary, invalidArbitrary } from '../src/invalid.js';
import { fillPath, queryString, readOperations, type OpenApiDocument } from '../src/openapi.js';
import type { JsonSchema } from '../src/schema.js';

const doc = JSON.parse(
  readFileSync(new URL('fixtures/openapi.json', import.meta.url), 'utf8'),
) as OpenApiDocument;
const ops = readOperations(doc);
const check = schemaValidator(doc);
const SAMPLES = 150;

/** Every schema an operation takes: its body and each parameter. */
const schemas: [string, JsonSchema][] = ops.flatMap((op) => [
  ...(op.body ? [[`${op.operationId} body`, op.body] as [string, JsonSchema]] : []),
  ...[...op.pathParams, ...op.queryParams].map(
    (p) => [`${op.operationId} ${p.in} ${p.name}`, p.schema] as [string, JsonSchema],
  ),
]);

describe('the fixture document', () => {
  it('lists its operations with their access', () => {
    expect(ops.length).toBe(14);
    expect(ops.find((o) => o.operationId === 'reopenSession')).toMatchObject({
      method: 'POST',
      access: 'admin',
      secured: true,
    });
    expect(ops.find((o) => o.operationId === 'getSession')).toMatchObject({
      access: 'public',
      secured: false,
      pathParams: [{ name: 'id' }],
    });
    expect(schemas.length).toBeGreaterThan(15);
  });
});

describe.each(schemas)('%s', (_name, schema) => {
  it('valid samples pass the schema', () => {
    fc.assert(
      fc.property(validArbitrary(doc, schema), (value) => {
        expect(check(schema, value), JSON.stringify(value)).toBe(true);
      }),
      { seed: 1, numRuns: SAMPLES },
    );
  });

  it('invalid samples fail the schema', () => {
    const invalid = invalidArbitrary(doc, schema);
    expect(invalid, 'every schema here can be broken').toBeDefined();
    fc.assert(
      fc.property(invalid!, (value) => {
        expect(check(schema, value), JSON.stringify(value)?.slice(0, 300)).toBe(false);
      }),
      { seed: 2, numRuns: SAMPLES },
    );
  });
});

describe('hostile values', () => {
  it('keep the shape of a valid value but plant one bad leaf', () => {
    const body = ops.find((o) => o.operationId === 'saveSession')!.body!;
    const samples = fc.sample(hostileArbitrary(doc, body), { seed: 3, numRuns: 200 });
    expect(samples.every((v) => v !== null && typeof v === 'object')).toBe(true);
    expect(samples.filter((v) => !check(body, v)).length).toBeGreaterThan(20);
    const text = samples.map((v) => JSON.stringify(v)).join('');
    expect(text).toContain('\\u0000');
    expect(text).toContain('\\ud800');
  });

  it('deep nesting is as deep as asked', () => {
    expect(JSON.stringify(deepArray(3))).toBe('[[[[]]]]');
  });
});

describe('request building', () => {
  it('fills paths and queries, percent-encoding what must be', () => {
    expect(fillPath('/api/sessions/{id}/participants/{pid}', { id: 'abc2345', pid: 'a/b' })).toBe(
      '/api/sessions/abc2345/participants/a%2Fb',
    );
    expect(fillPath('/x/{id}', { id: 'a\uD800' })).toBe('/x/a%ED%A0%80');
    expect(queryString({ status: 'open', limit: 5, skip: undefined })).toBe('?status=open&limit=5');
  });
});

describe('readOperations', () => {
  it('reads optional sign-in, body examples and path-level parameters', () => {
    const tiny = {
      openapi: '3.1.0',
      components: { schemas: { Body: { type: 'object', examples: [{ a: 2 }] } } },
      paths: {
        '/x/{id}': {
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          post: {
            operationId: 'x',
            security: [{}, { bearer: [] }],
            requestBody: {
              content: {
                'application/json': {
                  schema: { $ref: '#/components/schemas/Body' },
                  example: { a: 1 },
                },
              },
            },
          },
        },
      },
    } as unknown as OpenApiDocument;
    const [op] = readOperations(tiny);
    expect(op).toMatchObject({
      operationId: 'x',
      access: 'public',
      secured: false,
      optionalToken: true,
      bodyRequired: false,
      bodyExamples: [{ a: 1 }, { a: 2 }],
      pathParams: [{ name: 'id' }],
    });
  });
});
