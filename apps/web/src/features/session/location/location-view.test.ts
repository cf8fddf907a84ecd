import { describe, expect, it } from 'vitest';
import {
  initialLocationState,
  locationReducer,
  type LocationAction,
  type LocationFix,
  type LocationState,
} from './location-machine';
import { LOCATION_UI } from './location-texts';
import { locationView, originOf, type StartingAddress } from './location-view';
import { SESSION_SPEC, SESSION_UI } from '../texts';

const cached: LocationFix = { latitude: 47.6, longitude: -122.3, accuracy: 100, timestamp: 1 };
const live: LocationFix = { latitude: 47.7, longitude: -122.2, accuracy: 8, timestamp: 2 };
const pike: StartingAddress = { name: 'Pike Place Market', lat: 47.6097, lon: -122.3422 };
const run = (state: LocationState, ...actions: LocationAction[]) =>
  actions.reduce(locationReducer, state);

const SPEC_TITLES = [
  SESSION_SPEC.findingLocation,
  SESSION_SPEC.locationRequired,
  SESSION_SPEC.unableToGetLocation,
];

/** Every status the machine reaches, with and without a cache, tracking or not. */
function everyState(): LocationState[] {
  const states: LocationState[] = [];
  for (const cache of [null, cached]) {
    const start = initialLocationState(cache);
    const requesting = run(start, { type: 'request' });
    const granted = run(requesting, { type: 'position', fix: live });
    const tracking = run(granted, { type: 'tracking', on: true });
    states.push(start, requesting, granted, tracking);
    for (const failure of [1, 2, 3, 'blocked', 'unsupported'] as const) {
      states.push(run(requesting, { type: 'failure', failure }));
      states.push(run(tracking, { type: 'failure', failure }));
    }
  }
  return states;
}

describe('locationView', () => {
  it('never shows a last-known line beside Location required, in any state', () => {
    for (const state of everyState()) {
      for (const start of [null, pike]) {
        for (const member of [true, false]) {
          const view = locationView(state, { start, member, canSetAddress: member });
          if (view.notice?.title === SESSION_SPEC.locationRequired) {
            expect(view.note).not.toBe(SESSION_UI.locationCached);
            expect(view.note).not.toBe(SESSION_UI.locationTracking);
            expect(view.origin?.source).not.toBe('cache');
            expect(view.origin?.source).not.toBe('device');
          }
          if (view.notice) expect(SPEC_TITLES).toContain(view.notice.title);
          // Sharing live and a problem with the location are never said together.
          if (view.note === SESSION_UI.locationTracking) expect(view.notice).toBeNull();
        }
      }
    }
  });

  it("denied: 'Location required' with the denied message and the address search, no note", () => {
    const denied = run(
      initialLocationState(cached),
      { type: 'request' },
      { type: 'failure', failure: 1 },
    );
    const view = locationView(denied, { start: null, member: true, canSetAddress: true });
    expect(view.notice).toEqual({
      title: SESSION_SPEC.locationRequired,
      message: 'Location permission denied. Please enable it in your browser settings to continue.',
      busy: false,
      offerAddress: true,
    });
    expect(view.note).toBeNull();
    expect(view.origin).toBeNull();
  });

  it('denied with a starting address: the address is the origin and the note says so', () => {
    const denied = run(initialLocationState(null), { type: 'failure', failure: 'blocked' });
    const view = locationView(denied, { start: pike, member: true, canSetAddress: true });
    expect(view.notice?.title).toBe(SESSION_SPEC.locationRequired);
    expect(view.note).toBe(LOCATION_UI.startingFrom('Pike Place Market'));
    expect(view.origin).toEqual({ lat: pike.lat, lon: pike.lon, source: 'address' });
  });

  it('offers the address search only to those who may set one, never while finding', () => {
    const requesting = run(initialLocationState(null), { type: 'request' });
    expect(
      locationView(requesting, { start: null, member: true, canSetAddress: true }).notice,
    ).toEqual({
      title: SESSION_SPEC.findingLocation,
      message: null,
      busy: true,
      offerAddress: false,
    });
    const error = run(requesting, { type: 'failure', failure: 2 });
    expect(
      locationView(error, { start: null, member: false, canSetAddress: false }).notice
        ?.offerAddress,
    ).toBe(false);
    expect(
      locationView(error, { start: null, member: true, canSetAddress: true }).notice?.offerAddress,
    ).toBe(true);
  });

  it("an error keeps the last known location and says so under 'Unable to get location'", () => {
    const error = run(
      initialLocationState(cached),
      { type: 'request' },
      { type: 'failure', failure: 3 },
    );
    const view = locationView(error, { start: null, member: true, canSetAddress: true });
    expect(view.notice?.title).toBe(SESSION_SPEC.unableToGetLocation);
    expect(view.note).toBe(SESSION_UI.locationCached);
    expect(view.origin).toEqual({ lat: cached.latitude, lon: cached.longitude, source: 'cache' });
  });

  it('a live position wins over the starting address and the cache; sharing is said to members only', () => {
    const tracking = run(
      initialLocationState(cached),
      { type: 'request' },
      { type: 'position', fix: live },
      { type: 'tracking', on: true },
    );
    const member = locationView(tracking, { start: pike, member: true, canSetAddress: true });
    expect(member).toEqual({
      notice: null,
      note: SESSION_UI.locationTracking,
      origin: { lat: live.latitude, lon: live.longitude, source: 'device' },
    });
    expect(
      locationView(tracking, { start: null, member: false, canSetAddress: false }).note,
    ).toBeNull();
  });

  it('a picked starting address wins over a cached position', () => {
    const idle = initialLocationState(cached);
    expect(originOf(idle, pike)?.source).toBe('address');
    expect(originOf(idle, null)?.source).toBe('cache');
    expect(originOf(initialLocationState(null), null)).toBeNull();
  });
});
