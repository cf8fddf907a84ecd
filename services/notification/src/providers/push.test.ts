import { describe, expect, it } from 'vitest';
import { retryAfterMs } from './push.js';

describe('retryAfterMs', () => {
  const now = Date.parse('2026-11-25T12:00:00Z');
  it('reads delay-seconds and HTTP-dates, and nothing else', () => {
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs(['7'], now)).toBe(7000);
    expect(retryAfterMs('Wed, 25 Nov 2026 12:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Wed, 25 Nov 2026 11:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs(undefined, now)).toBeNull();
    expect(retryAfterMs('soon', now)).toBeNull();
  });
});
