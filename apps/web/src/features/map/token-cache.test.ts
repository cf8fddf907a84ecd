import { describe, expect, it } from 'vitest';
import { tokenIsFresh } from './token-cache';

describe('tokenIsFresh', () => {
  const now = Date.parse('2025-05-01T12:00:00Z');

  it('reuses a token with more than a minute left', () => {
    expect(tokenIsFresh('2025-05-01T12:30:00Z', now)).toBe(true);
  });

  it('fetches a new one within a minute of expiry, after it, or when the expiry is unknown', () => {
    expect(tokenIsFresh('2025-05-01T12:00:59Z', now)).toBe(false);
    expect(tokenIsFresh('2025-05-01T11:00:00Z', now)).toBe(false);
    expect(tokenIsFresh(null, now)).toBe(false);
    expect(tokenIsFresh('not a date', now)).toBe(false);
  });
});
