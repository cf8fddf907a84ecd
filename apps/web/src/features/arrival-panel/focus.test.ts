import { describe, expect, it } from 'vitest';
import { trapTabIndex } from './focus';

describe('focus trap', () => {
  it('wraps from the last element to the first on Tab, and back on Shift+Tab', () => {
    expect(trapTabIndex(2, 3, false)).toBe(0);
    expect(trapTabIndex(0, 3, true)).toBe(2);
  });

  it('lets the browser move focus between inner elements', () => {
    expect(trapTabIndex(0, 3, false)).toBeNull();
    expect(trapTabIndex(2, 3, true)).toBeNull();
  });

  it('brings focus in when it is on the dialog itself', () => {
    expect(trapTabIndex(-1, 3, false)).toBe(0);
    expect(trapTabIndex(-1, 3, true)).toBe(2);
    expect(trapTabIndex(-1, 0, false)).toBeNull();
  });
});
