import { describe, expect, it } from 'vitest';
import { isNarrow, mapHeight } from './layout';

describe('map height (doc 1 §2 Map component)', () => {
  it('is 82 % of the viewport height when expanded, on any width', () => {
    expect(mapHeight({ expanded: true, viewportWidth: 1280, viewportHeight: 800 })).toBe(656);
    expect(mapHeight({ expanded: true, viewportWidth: 390, viewportHeight: 844 })).toBe(692);
  });

  it('is 36 % of the viewport height when collapsed under 720 px wide', () => {
    expect(mapHeight({ expanded: false, viewportWidth: 390, viewportHeight: 844 })).toBe(304);
    expect(mapHeight({ expanded: false, viewportWidth: 719, viewportHeight: 1000 })).toBe(360);
  });

  it('is 420 px when collapsed at 720 px wide or more', () => {
    expect(mapHeight({ expanded: false, viewportWidth: 720, viewportHeight: 1000 })).toBe(420);
    expect(mapHeight({ expanded: false, viewportWidth: 1280, viewportHeight: 800 })).toBe(420);
    expect(isNarrow(719)).toBe(true);
    expect(isNarrow(720)).toBe(false);
  });
});
