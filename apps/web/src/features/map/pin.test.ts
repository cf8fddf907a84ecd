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
import { searchReducer, INITIAL_SEARCH, toSelectedPlace } from './search-state';

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
