import { describe, expect, it } from 'vitest';
import {
  formatCoordinates,
  isLongPress,
  isPinResult,
  LONG_PRESS_MS,
  pinResult,
  pressDown,
  pressMove,
  pressUp,
  PRESS_TOLERANCE_PX,
  type PointerKind,
  type Press,
} from './pin';
import {
  searchReducer,
  INITIAL_SEARCH,
  toSelectedPlace,
  type SearchAction,
  type SearchState,
} from './search-state';

const at = (x: number, y: number, t = 0, pointerId = 1, kind: PointerKind = 'mouse') => ({
  pointerId,
  kind,
  point: { x, y },
  at: t,
});

/** Runs a pointer gesture: 'd' down, 'm' move, 'u' up; answers where a pin drops (or null). */
function gesture(steps: Array<['d' | 'm' | 'u', ReturnType<typeof at>]>) {
  let press: Press | null = null;
  let picked: { x: number; y: number } | null = null;
  for (const [kind, sample] of steps) {
    if (kind === 'd') press = pressDown(press, sample);
    else if (kind === 'm') press = pressMove(press, sample);
    else picked = pressUp(press, sample) ?? picked;
  }
  return picked;
}

describe('press or drag (issue 12 §6: dragging the map never drops a pin)', () => {
  it('a click without movement drops the pin where it was pressed', () => {
    expect(
      gesture([
        ['d', at(100, 80)],
        ['u', at(100, 80, 120)],
      ]),
    ).toEqual({ x: 100, y: 80 });
  });

  it('a wobble within the tolerance is still a press; beyond it, a drag', () => {
    const mouse = PRESS_TOLERANCE_PX.mouse;
    expect(
      gesture([
        ['d', at(100, 80)],
        ['m', at(100 + mouse, 80)],
        ['u', at(100 + mouse, 80)],
      ]),
    ).toEqual({ x: 100, y: 80 });
    expect(
      gesture([
        ['d', at(100, 80)],
        ['m', at(100 + mouse + 1, 80)],
        ['u', at(100 + mouse + 1, 80)],
      ]),
    ).toBeNull();
    // A finger gets more room than a mouse.
    const touch = (x: number) => at(x, 80, 0, 7, 'touch');
    expect(
      gesture([
        ['d', touch(100)],
        ['m', touch(108)],
        ['u', touch(108)],
      ]),
    ).toEqual({ x: 100, y: 80 });
  });

  it('a drag that comes back to where it started is still a drag (a pan)', () => {
    expect(
      gesture([
        ['d', at(100, 80)],
        ['m', at(160, 80)],
        ['m', at(100, 80)],
        ['u', at(100, 80)],
      ]),
    ).toBeNull();
  });

  it('a pinch (a second finger) never drops a pin, not even when the first finger lifts still', () => {
    const one = (x: number) => at(x, 80, 0, 1, 'touch');
    const two = (x: number) => at(x, 200, 0, 2, 'touch');
    expect(
      gesture([
        ['d', one(100)],
        ['d', two(100)],
        ['m', two(160)],
        ['u', two(160)],
        ['u', one(100)],
      ]),
    ).toBeNull();
  });

  it('a touch held still for LONG_PRESS_MS is a long-press; then the release drops no second pin', () => {
    const down = pressDown(null, at(50, 60, 1000, 3, 'touch'));
    expect(isLongPress(down, 1000 + LONG_PRESS_MS - 1)).toBe(false);
    expect(isLongPress(down, 1000 + LONG_PRESS_MS)).toBe(true);
    expect(isLongPress(pressMove(down, at(80, 60, 1100, 3, 'touch')), 2000)).toBe(false);
    expect(isLongPress(pressDown(null, at(50, 60, 1000)), 5000)).toBe(false); // a held mouse drops on release
    const fired = { ...down, fired: true };
    expect(pressUp(fired, at(50, 60, 1700, 3, 'touch'))).toBeNull();
  });
});

describe('the dropped pin as a place', () => {
  it("is 'Selected place' with its coordinates, rounded to 6 decimals, longitude wrapped", () => {
    const pin = pinResult({ lat: 47.620511234, lon: -122.349312345 });
    expect(pin).toEqual({
      id: 'pin:47.620511,-122.349312',
      poi: { name: 'Selected place' },
      address: { freeformAddress: '47.62051° N, 122.34931° W' },
      position: { lat: 47.620511, lon: -122.349312 },
    });
    expect(isPinResult(pin)).toBe(true);
    expect(pinResult({ lat: -33.8688, lon: 151.2093 + 360 }).position).toEqual({
      lat: -33.8688,
      lon: 151.2093,
    });
    expect(formatCoordinates({ lat: -33.8688, lon: 151.2093 })).toBe('33.86880° S, 151.20930° E');
  });

  it('is selected at once, its name editable; a blank name confirms as "Selected place"', () => {
    const pin = pinResult({ lat: 47.6205, lon: -122.3493 });
    const dropped = searchReducer(INITIAL_SEARCH, { type: 'pin', result: pin });
    expect(dropped).toMatchObject({ status: 'done', selectedId: pin.id, results: [pin] });
    const renamed = searchReducer(dropped, { type: 'rename', name: 'Space Needle' });
    expect(toSelectedPlace(renamed.results[0]!)).toEqual({
      id: 'pin:47.6205,-122.3493',
      name: 'Space Needle',
      address: '47.62050° N, 122.34930° W',
      position: { lat: 47.6205, lon: -122.3493 },
    });
    const blank = searchReducer(dropped, { type: 'rename', name: '   ' });
    expect(toSelectedPlace(blank.results[0]!).name).toBe('Selected place');
    expect(
      searchReducer(dropped, { type: 'rename', name: 'x'.repeat(300) }).results[0]!.poi!.name,
    ).toHaveLength(200);
  });

  it('wins over a search in flight: that answer is ignored', () => {
    const searching = searchReducer(
      searchReducer(INITIAL_SEARCH, { type: 'query', query: 'Seattle' }),
      { type: 'submit' },
    );
    const pin = pinResult({ lat: 47.6, lon: -122.3 });
    const dropped = searchReducer(searching, { type: 'pin', result: pin });
    const late = searchReducer(dropped, {
      type: 'success',
      requestId: searching.requestId,
      results: [],
      limit: 5,
    });
    expect(late).toBe(dropped);
  });
});

describe("the dropped pin's address from reverse geocoding", () => {
  const run = (actions: SearchAction[], from: SearchState = INITIAL_SEARCH) =>
    actions.reduce(searchReducer, from);
  const spot = { lat: 47.6205, lon: -122.3493 };
  /** What GET /api/maps/reverse answers: the place's own position is a little off the pin's. */
  const named = (freeformAddress: string) => ({
    id: 'city:5809844',
    poi: { name: 'Seattle' },
    address: { freeformAddress },
    position: { lat: 47.60621, lon: -122.33207 },
  });
  /** A pin dropped on `from`, and the requestId its reverse geocoding is asked with. */
  const drop = (point: { lat: number; lon: number }, from: SearchState = INITIAL_SEARCH) => {
    const state = searchReducer(from, { type: 'pin', result: pinResult(point) });
    return { state, requestId: state.requestId };
  };

  it("replaces the coordinates with the answer's address; the name and position stay the pin's", () => {
    const { state, requestId } = drop(spot);
    expect(state.results[0]!.address.freeformAddress).toBe('47.62050° N, 122.34930° W');
    const located = searchReducer(state, {
      type: 'pinAddress',
      requestId,
      place: named(' Seattle, WA, US '),
    });
    expect(toSelectedPlace(located.results[0]!)).toEqual({
      id: 'pin:47.6205,-122.3493',
      name: 'Selected place',
      address: 'Seattle, WA, US',
      position: spot,
    });
    expect(located.selectedId).toBe('pin:47.6205,-122.3493');

    // A name typed while it asked is kept.
    const renamed = run(
      [
        { type: 'rename', name: 'Picnic spot' },
        { type: 'pinAddress', requestId, place: named('Seattle, WA, US') },
      ],
      state,
    );
    expect(toSelectedPlace(renamed.results[0]!)).toMatchObject({
      name: 'Picnic spot',
      address: 'Seattle, WA, US',
    });
  });

  it('keeps the coordinates when nothing is known there, or the address is blank; clips a long one', () => {
    const { state, requestId } = drop(spot);
    expect(searchReducer(state, { type: 'pinAddress', requestId, place: null })).toBe(state);
    expect(searchReducer(state, { type: 'pinAddress', requestId, place: named('  ') })).toBe(state);
    const long = searchReducer(state, {
      type: 'pinAddress',
      requestId,
      place: named('x'.repeat(600)),
    });
    expect(long.results[0]!.address.freeformAddress).toHaveLength(500);
  });

  it('a second pin dropped before the first answer is not given the first answer', () => {
    const first = drop(spot);
    const second = drop({ lat: 47.61, lon: -122.2 }, first.state);
    const late = searchReducer(second.state, {
      type: 'pinAddress',
      requestId: first.requestId,
      place: named('Seattle, WA, US'),
    });
    expect(late).toBe(second.state);
    expect(late.results[0]!.address.freeformAddress).toBe('47.61000° N, 122.20000° W');
    const own = searchReducer(late, {
      type: 'pinAddress',
      requestId: second.requestId,
      place: named('Bellevue, WA, US'),
    });
    expect(own.results[0]).toMatchObject({
      id: 'pin:47.61,-122.2',
      address: { freeformAddress: 'Bellevue, WA, US' },
    });
  });

  it('comes too late once the pin is confirmed, dismissed or replaced by a search', () => {
    const { state, requestId } = drop(spot);
    const answer: SearchAction = { type: 'pinAddress', requestId, place: named('Seattle, WA, US') };
    const confirmed = searchReducer(state, { type: 'confirm' });
    expect(searchReducer(confirmed, answer)).toBe(confirmed);
    const dismissed = searchReducer(state, { type: 'dismiss' });
    expect(searchReducer(dismissed, answer)).toBe(dismissed);
    const searching = run([{ type: 'query', query: 'Tacoma' }, { type: 'submit' }], state);
    expect(searchReducer(searching, answer)).toBe(searching);
  });
});
