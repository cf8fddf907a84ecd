import { describe, expect, it } from 'vitest';
import { anchorOf } from './anchor';

describe('admin sidebar anchors', () => {
  it('turns a panel title into its anchor id', () => {
    expect(['Azure Usage', 'Notifications', 'Sessions', 'Billing'].map(anchorOf)).toEqual([
      'azure-usage',
      'notifications',
      'sessions',
      'billing',
    ]);
  });
});
