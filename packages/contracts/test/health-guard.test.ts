import { describe, expect, it } from 'vitest';
import { healthResponseSchema, isHealthResponse } from '../src/index.js';

const ok = { ok: true, status: 200 };
const SHAPES: [string, unknown][] = [
  [
    'the usual answer',
    { time: '2026-01-01T00:00:00.000Z', upstreams: { auth: ok, session: { ok: false } } },
  ],
  ['no upstreams configured', { time: 't', upstreams: {} }],
  ['extra fields', { time: 't', upstreams: { auth: { ...ok, latencyMs: 3 } }, version: 2 }],
  ['no time', { upstreams: {} }],
  ['a numeric time', { time: 1, upstreams: {} }],
  ['no upstreams', { time: 't' }],
  ['upstreams as a list', { time: 't', upstreams: [ok] }],
  ['an upstream as a list', { time: 't', upstreams: { auth: [true] } }],
  ['an upstream without ok', { time: 't', upstreams: { auth: { status: 200 } } }],
  ['ok as text', { time: 't', upstreams: { auth: { ok: 'true' } } }],
  ['status as text', { time: 't', upstreams: { auth: { ok: true, status: '200' } } }],
  ['status null', { time: 't', upstreams: { auth: { ok: true, status: null } } }],
  ['an upstream null', { time: 't', upstreams: { auth: null } }],
  ['null', null],
  ['a list', []],
  ['text', 'ok'],
];

describe('isHealthResponse', () => {
  it.each(SHAPES)('agrees with healthResponseSchema on %s', (_name, value) => {
    const expected = healthResponseSchema.safeParse(value).success;
    expect(isHealthResponse(value)).toBe(expected);
  });

  it('accepts the usual answer and refuses the rest of the table as the schema does', () => {
    expect(SHAPES.filter(([, value]) => isHealthResponse(value)).map(([name]) => name)).toEqual([
      'the usual answer',
      'no upstreams configured',
      'extra fields',
    ]);
  });
});
