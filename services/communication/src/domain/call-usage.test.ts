import { CALL_USAGE_MAX_SECONDS } from '@oneeta/contracts';
import { describe, expect, it } from 'vitest';
import { countedCallSeconds } from './call-usage.js';

describe('the seconds a call counts', () => {
  it('are the whole seconds between start and end', () => {
    expect(countedCallSeconds(1_000, 4_999)).toBe(3);
    expect(countedCallSeconds(1_000, 1_999)).toBe(0);
  });
  it('are never negative (a clock that went back) nor above the longest call', () => {
    expect(countedCallSeconds(5_000, 1_000)).toBe(0);
    expect(countedCallSeconds(0, 10 * CALL_USAGE_MAX_SECONDS * 1000)).toBe(CALL_USAGE_MAX_SECONDS);
    expect(countedCallSeconds(0, Number.NaN)).toBe(0);
  });
});
