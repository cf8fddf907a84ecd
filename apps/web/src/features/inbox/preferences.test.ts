import { DEFAULT_NOTIFICATION_PREFERENCES } from '@oneeta/contracts';
import { describe, expect, it } from 'vitest';
import { samePreferences, withChoice } from './preferences';

describe('notification preferences', () => {
  it('change one switch and leave the others on', () => {
    const next = withChoice(DEFAULT_NOTIFICATION_PREFERENCES, 'late', 'push', false);
    expect(next).toEqual({
      leave: { push: true, inApp: true },
      late: { push: false, inApp: true },
      arrived: { push: true, inApp: true },
    });
    // The defaults are untouched.
    expect(DEFAULT_NOTIFICATION_PREFERENCES.late.push).toBe(true);
  });

  it('tell an unsaved draft from the saved preferences', () => {
    const off = withChoice(DEFAULT_NOTIFICATION_PREFERENCES, 'arrived', 'inApp', false);
    expect(samePreferences(off, DEFAULT_NOTIFICATION_PREFERENCES)).toBe(false);
    expect(
      samePreferences(withChoice(off, 'arrived', 'inApp', true), DEFAULT_NOTIFICATION_PREFERENCES),
    ).toBe(true);
  });
});
