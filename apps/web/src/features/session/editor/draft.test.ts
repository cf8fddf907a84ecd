import type { Destination } from '@oneeta/contracts';
import { describe, expect, it } from 'vitest';
import {
  changedFields,
  draftArriveAt,
  draftFromSession,
  EMPTY_DRAFT,
  hasUnsavedChanges,
  sameDestination,
  type Draft,
} from './draft';

const park: Destination = {
  id: 'poi-1',
  name: 'Gas Works Park',
  address: '2101 N Northlake Way, Seattle',
  position: { lat: 47.6456, lon: -122.3344 },
};
const saved: Draft = {
  destination: park,
  tzId: 'America/Los_Angeles',
  dateStr: '2026-07-01',
  timeStr: '18:00',
};

describe('draftFromSession', () => {
  it('shows the saved arrival in the destination zone', () => {
    const draft = draftFromSession({
      destination: park,
      tzId: 'America/Los_Angeles',
      arriveAt: '2026-07-02T01:00:00.000Z',
    });
    expect(draft).toEqual(saved);
  });

  it('leaves date and time empty when nothing is saved', () => {
    expect(draftFromSession({ destination: null, tzId: null, arriveAt: null })).toEqual(
      EMPTY_DRAFT,
    );
  });
});

describe('unsaved changes', () => {
  it('ignores coordinate noise beyond 6 decimals', () => {
    const nudged = { ...park, position: { lat: 47.64560004, lon: -122.33440049 } };
    expect(sameDestination(park, nudged)).toBe(true);
    expect(hasUnsavedChanges({ ...saved, destination: nudged }, saved)).toBe(false);
  });

  it('sees a move at the 6th decimal, a different place id, a new zone, date or time', () => {
    const moved = { ...park, position: { lat: 47.645601, lon: -122.3344 } };
    expect(changedFields({ ...saved, destination: moved }, saved)).toEqual(['destination']);
    expect(changedFields({ ...saved, destination: { ...park, id: 'poi-2' } }, saved)).toEqual([
      'destination',
    ]);
    expect(changedFields({ ...saved, tzId: 'America/Vancouver' }, saved)).toEqual(['tzId']);
    expect(changedFields({ ...saved, dateStr: '2026-07-02', timeStr: '18:05' }, saved)).toEqual([
      'date',
      'time',
    ]);
  });

  it('treats every filled field of a never-saved session as a change', () => {
    expect(hasUnsavedChanges(EMPTY_DRAFT, null)).toBe(false);
    expect(changedFields(saved, null)).toEqual(['destination', 'tzId', 'date', 'time']);
  });

  it('is clean when the draft equals the saved copy', () => {
    expect(hasUnsavedChanges({ ...saved }, saved)).toBe(false);
  });
});

describe('draftArriveAt', () => {
  it('reads date and time in the destination zone', () => {
    expect(
      draftArriveAt({
        dateStr: '2026-07-01',
        timeStr: '20:00',
        tzId: 'Europe/Berlin',
      })?.toISOString(),
    ).toBe('2026-07-01T18:00:00.000Z');
  });

  it('is null while a part is missing or impossible', () => {
    expect(draftArriveAt({ dateStr: '', timeStr: '20:00', tzId: 'Europe/Berlin' })).toBeNull();
    expect(
      draftArriveAt({ dateStr: '2026-02-30', timeStr: '20:00', tzId: 'Europe/Berlin' }),
    ).toBeNull();
  });
});
