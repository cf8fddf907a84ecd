import { describe, expect, it } from 'vitest';
import { formatInZone } from './datetime';

describe('formatInZone', () => {
  const iso = '2026-03-08T00:30:00Z';

  it('shows the time in the destination zone, labelled when that is not the viewer’s', () => {
    expect(formatInZone(iso, 'America/Denver', 'America/Los_Angeles')).toBe(
      'Mar 7, 2026, 5:30 PM Denver time',
    );
    expect(formatInZone(iso, 'America/Denver', 'America/Denver')).toBe('Mar 7, 2026, 5:30 PM');
  });

  it('treats aliases of the viewer’s zone as the same zone, and an unknown zone as the viewer’s', () => {
    expect(formatInZone(iso, 'US/Mountain', 'America/Denver')).toBe('Mar 7, 2026, 5:30 PM');
    expect(formatInZone(iso, 'Not/AZone', 'America/Los_Angeles')).toBe('Mar 7, 2026, 4:30 PM');
    expect(formatInZone(iso, null, 'Europe/Berlin')).toBe('Mar 8, 2026, 1:30 AM');
  });

  it('gives null without a valid time', () => {
    expect(formatInZone(null, 'America/Denver', 'UTC')).toBeNull();
    expect(formatInZone('not a date', 'America/Denver', 'UTC')).toBeNull();
  });
});
