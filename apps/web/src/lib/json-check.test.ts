import { describe, expect, it } from 'vitest';
import { checkJson, type JsonSchema } from './json-check';

const passes = (schema: JsonSchema, value: unknown) => checkJson(schema, value).ok;

describe('checkJson', () => {
  it('counts string lengths in UTF-16 code units and runs patterns without flags, as zod does', () => {
    const schema = { type: 'string', minLength: 2, maxLength: 2, pattern: '^.{2}$' };
    expect(passes(schema, '😀')).toBe(true); // one code point, two code units
    expect(passes(schema, 'ab')).toBe(true);
    expect(passes(schema, 'abc')).toBe(false);
    expect(passes({ type: 'string', pattern: '^[a-z]+$' }, 'AB')).toBe(false);
  });

  it('fills in a missing property that has a default, and keeps the others as they are', () => {
    const schema = {
      type: 'object',
      properties: { name: { type: 'string', default: 'Selected place' }, id: { type: 'string' } },
      required: ['id'],
    };
    expect(checkJson(schema, { id: 'a', extra: 1 })).toEqual({
      ok: true,
      value: { id: 'a', extra: 1, name: 'Selected place' },
    });
    expect(checkJson(schema, {})).toEqual({ ok: false, path: '/id' });
    expect(passes(schema, { id: 'a', name: 3 })).toBe(false);
  });

  it('follows $refs into definitions and checks arrays, numbers, integers and enums', () => {
    const schema = {
      type: 'array',
      maxItems: 2,
      items: { $ref: '#/definitions/Point' },
      definitions: {
        Point: {
          type: 'object',
          properties: {
            lat: { type: 'number', minimum: -90, maximum: 90 },
            n: { type: 'integer', exclusiveMinimum: 0 },
            kind: { type: 'string', enum: ['a', 'b'] },
          },
          required: ['lat'],
        },
      },
    };
    expect(passes(schema, [{ lat: 1, n: 1, kind: 'a' }])).toBe(true);
    expect(checkJson(schema, [{ lat: 91 }])).toEqual({ ok: false, path: '/0/lat' });
    expect(passes(schema, [{ lat: 1, n: 0 }])).toBe(false);
    expect(passes(schema, [{ lat: 1, n: 1.5 }])).toBe(false);
    expect(passes(schema, [{ lat: 1, kind: 'c' }])).toBe(false);
    expect(passes(schema, [{ lat: 1 }, { lat: 2 }, { lat: 3 }])).toBe(false);
    expect(passes(schema, { lat: 1 })).toBe(false);
  });

  it('takes the first anyOf branch that fits, and exactly one oneOf branch', () => {
    const nullable = { anyOf: [{ type: 'string' }, { type: 'null' }] };
    expect(passes(nullable, null)).toBe(true);
    expect(passes(nullable, 1)).toBe(false);
    const frames = {
      oneOf: [
        { type: 'object', properties: { type: { const: 'a' } }, required: ['type'] },
        { type: 'object', properties: { type: { const: 'b' } }, required: ['type'] },
      ],
    };
    expect(passes(frames, { type: 'a' })).toBe(true);
    expect(passes(frames, { type: 'c' })).toBe(false);
    expect(passes({ oneOf: [{ type: 'number' }, { type: 'integer' }] }, 1)).toBe(false);
  });

  it('checks records (propertyNames, additionalProperties) and uri formats', () => {
    const record = {
      type: 'object',
      propertyNames: { type: 'string', maxLength: 3 },
      additionalProperties: { type: 'boolean' },
    };
    expect(passes(record, { abc: true })).toBe(true);
    expect(passes(record, { abcd: true })).toBe(false);
    expect(passes(record, { abc: 'yes' })).toBe(false);
    expect(passes({ type: 'string', format: 'uri' }, 'https://example.com/x')).toBe(true);
    expect(passes({ type: 'string', format: 'uri' }, 'not a url')).toBe(false);
  });

  it('fails closed on a keyword or format it does not know, and on a dangling $ref', () => {
    expect(passes({ type: 'string', contentEncoding: 'base64' }, 'x')).toBe(false);
    expect(passes({ type: 'string', format: 'uuid' }, 'x')).toBe(false);
    expect(passes({ $ref: '#/definitions/Nope' }, 'x')).toBe(false);
  });

  it('rejects NaN and infinities as numbers (zod does)', () => {
    expect(passes({ type: 'number' }, Number.NaN)).toBe(false);
    expect(passes({ type: 'number' }, Number.POSITIVE_INFINITY)).toBe(false);
    expect(passes(true, Number.NaN)).toBe(true);
    expect(passes(false, 1)).toBe(false);
  });
});
