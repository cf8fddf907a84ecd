import { NARROW_LAYOUT_PX } from '@oneeta/contracts';
import { describe, expect, it } from 'vitest';
import { NARROW_QUERY } from './use-narrow';

describe('narrow layout', () => {
  it(`matches widths under ${NARROW_LAYOUT_PX} px only`, () => {
    expect(NARROW_LAYOUT_PX).toBe(720);
    expect(NARROW_QUERY).toBe('(max-width: 719.98px)');
  });
});
