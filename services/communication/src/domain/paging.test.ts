import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, nextLinkOf, pageOf, pageSizeOf } from './paging.js';

describe('chat paging', () => {
  it('round-trips a cursor through an opaque syncState and refuses foreign ones', () => {
    expect(decodeCursor(encodeCursor({ beforeSequenceId: 12 }))).toEqual({ beforeSequenceId: 12 });
    expect(decodeCursor(encodeCursor({ offset: 40 }))).toEqual({ offset: 40 });
    expect(decodeCursor('not-base64-json')).toBeNull();
    expect(decodeCursor(Buffer.from('{"offset":-1}').toString('base64url'))).toBeNull();
  });

  it('caps the page size at 200 and defaults to 20', () => {
    expect(pageSizeOf(undefined)).toBe(20);
    expect(pageSizeOf(500)).toBe(200);
    expect(pageSizeOf(5)).toBe(5);
  });

  it('builds an absolute nextLink keeping the query', () => {
    expect(
      nextLinkOf('https://h:1', '/chat/threads/19%3Aa%40thread.v2/messages', {
        syncState: 'x',
        maxPageSize: '2',
        startTime: undefined,
        'api-version': '2025-03-15',
      }),
    ).toBe(
      'https://h:1/chat/threads/19%3Aa%40thread.v2/messages?syncState=x&maxPageSize=2&api-version=2025-03-15',
    );
  });

  it('answers a page of a list read one row long, with a nextLink only when that row came back', () => {
    const next = (last: number) => `next-after-${last}`;
    expect(pageOf([1, 2, 3], 2, String, next)).toEqual({
      value: ['1', '2'],
      nextLink: 'next-after-2',
    });
    expect(pageOf([1, 2], 2, String, next)).toEqual({ value: ['1', '2'] });
    expect(pageOf([], 2, String, next)).toEqual({ value: [] });
  });
});
