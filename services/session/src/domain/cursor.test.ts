import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from './cursor.js';

describe('list cursor', () => {
  it('round-trips (updatedAt with microseconds, id) through an opaque base64url text', () => {
    const cursor = { updatedAt: '2025-05-01T10:00:00.123456Z', id: 'abc2345' };
    const text = encodeCursor(cursor);
    expect(text).toMatch(/^[\w-]+$/);
    expect(text).not.toContain('abc2345');
    expect(decodeCursor(text)).toEqual(cursor);
  });

  it('rejects texts it did not make', () => {
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const text of [
      '',
      'not a cursor!',
      b64({ updatedAt: '2025-05-01T10:00:00Z', id: 'x' }),
      b64(['yesterday', 'abc2345']),
      b64(['2025-05-01T10:00:00Z', '']),
      b64(['2025-05-01T10:00:00Z', 'x'.repeat(65)]),
      b64(['2025-13-45T10:00:00Z', 'abc2345']),
      b64(['2025-02-30T10:00:00Z', 'abc2345']),
      b64(['2025-04-31T10:00:00.5Z', 'abc2345']),
      b64(['2025-05-01T24:00:00Z', 'abc2345']),
      b64(['2025-05-01T10:00:00Z', 'abc\u00002345']),
      Buffer.from('{oops').toString('base64url'),
    ]) {
      expect({ text, cursor: decodeCursor(text) }).toEqual({ text, cursor: null });
    }
  });
});
