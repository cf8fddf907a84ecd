import { describe, expect, it } from 'vitest';
import {
  cacheEntry,
  initialLocationState,
  locationOverlay,
  locationReducer,
  movedBetween,
  readCachedFix,
  type LocationFix,
  type LocationState,
} from './location-machine';

const here: LocationFix = {
  latitude: 47.61,
  longitude: -122.33,
  accuracy: 12,
  timestamp: 1_700_000_000_000,
};
const run = (state: LocationState, ...actions: Parameters<typeof locationReducer>[1][]) =>
  actions.reduce(locationReducer, state);

describe('location status machine', () => {
  it('starts idle from the cached location', () => {
    const state = initialLocationState(here);
    expect(state).toMatchObject({ status: 'idle', position: here, fromCache: true });
    expect(locationOverlay(state)).toBeNull();
  });

  it('goes idle → requesting → granted and starts tracking', () => {
    const requesting = run(initialLocationState(null), { type: 'request' });
    expect(requesting.status).toBe('requesting');
    expect(locationOverlay(requesting)).toEqual({
      title: 'Finding your location…',
      message: null,
      busy: true,
    });
    const granted = run(
      requesting,
      { type: 'position', fix: here },
      { type: 'tracking', on: true },
    );
    expect(granted).toMatchObject({
      status: 'granted',
      position: here,
      fromCache: false,
      tracking: true,
    });
    expect(locationOverlay(granted)).toBeNull();
  });

  it('does not cover the page while re-asking when a position is already known', () => {
    expect(locationOverlay(run(initialLocationState(here), { type: 'request' }))).toBeNull();
  });

  it("is denied with 'Location required' when the user refuses", () => {
    const denied = run(
      initialLocationState(null),
      { type: 'request' },
      { type: 'failure', failure: 1 },
    );
    expect(denied.status).toBe('denied');
    expect(locationOverlay(denied)).toEqual({
      title: 'Location required',
      message: 'Location permission denied. Please enable it in your browser settings to continue.',
      busy: false,
    });
  });

  it('says the permission is blocked when the browser already refuses', () => {
    const blocked = run(initialLocationState(null), { type: 'failure', failure: 'blocked' });
    expect(blocked).toMatchObject({
      status: 'denied',
      message: 'Location permission is blocked. Enable it in your browser settings.',
    });
    // Known blocked at the first render, then told again by the permission check: no new state.
    expect(run(blocked, { type: 'failure', failure: 'blocked' })).toBe(blocked);
    expect(run(blocked, { type: 'failure', failure: 2 }).status).toBe('error');
  });

  it("reports unavailable, timeout and unsupported as 'Unable to get location'", () => {
    const start = run(initialLocationState(null), { type: 'request' });
    expect(locationOverlay(run(start, { type: 'failure', failure: 2 }))).toMatchObject({
      title: 'Unable to get location',
      message: 'Location unavailable. Please check your connection or try again.',
    });
    expect(run(start, { type: 'failure', failure: 3 }).message).toBe(
      'Location request timed out. Please try again.',
    );
    expect(run(start, { type: 'failure', failure: 'unsupported' }).message).toBe(
      'Geolocation is not supported by this browser.',
    );
  });

  it('ignores a timeout during tracking but not a refusal', () => {
    const tracking = run(
      initialLocationState(null),
      { type: 'position', fix: here },
      { type: 'tracking', on: true },
    );
    expect(run(tracking, { type: 'failure', failure: 3 })).toBe(tracking);
    expect(run(tracking, { type: 'failure', failure: 1 })).toMatchObject({
      status: 'denied',
      tracking: false,
    });
  });

  it('recovers to granted on the next position after an error', () => {
    const failed = run(
      initialLocationState(null),
      { type: 'request' },
      { type: 'failure', failure: 2 },
    );
    expect(run(failed, { type: 'request' }, { type: 'position', fix: here })).toMatchObject({
      status: 'granted',
      message: null,
    });
  });
});

describe('geo:last cache', () => {
  it('round-trips a fix with accuracy 100 assumed', () => {
    expect(readCachedFix(cacheEntry(here, 1_700_000_100_000))).toEqual({ ...here, accuracy: 100 });
  });

  it('ignores missing, malformed or impossible entries', () => {
    expect(readCachedFix(null)).toBeNull();
    expect(readCachedFix('{nope')).toBeNull();
    expect(readCachedFix(JSON.stringify({ latitude: 95, longitude: 0 }))).toBeNull();
    expect(readCachedFix(JSON.stringify({ latitude: '1', longitude: 2 }))).toBeNull();
  });
});

describe('movedBetween', () => {
  it('compares at 6 decimals', () => {
    expect(movedBetween(here, { ...here, latitude: 47.6100004 })).toBe(false);
    expect(movedBetween(here, { ...here, latitude: 47.610002 })).toBe(true);
    expect(movedBetween(null, here)).toBe(true);
  });
});
