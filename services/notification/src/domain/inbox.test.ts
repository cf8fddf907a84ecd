import { describe, expect, it } from 'vitest';
import { inboxId } from './inbox.js';

describe('inboxId', () => {
  it('sorts as text in the order the ids were made, within one millisecond and across', () => {
    const ids = [
      inboxId(1_000),
      inboxId(1_000),
      inboxId(1_000),
      inboxId(1_001),
      inboxId(1_764_000_000_000),
      inboxId(1_764_000_000_000),
    ];
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id.length).toBeLessThanOrEqual(64);
  });
  it('never goes backwards when the clock does', () => {
    const later = inboxId(2_000_000_000_000);
    const earlier = inboxId(1_999_999_999_000);
    expect(earlier > later).toBe(true);
  });
});
