/**
 * Dropping a pin (issue 12 §6): a press on the map without movement picks that exact point as the
 * destination ('Selected place' with its coordinates, the name editable), then it is confirmed like
 * a search result. Dragging or pinching the map never drops a pin. Pure logic, no DOM.
 */
import type { SearchResult } from '@oneeta/contracts';
import type { ScreenPoint } from './projection';
import { MAP_SPEC } from './texts';
import type { LatLon } from './types';

export type PointerKind = 'mouse' | 'touch' | 'pen';

/** How far a pointer may move (px) and still count as a press: a finger wobbles more than a mouse. */
export const PRESS_TOLERANCE_PX: Readonly<Record<PointerKind, number>> = Object.freeze({
  mouse: 4,
  pen: 6,
  touch: 10,
});
/** A touch held this long without moving drops the pin at once (long-press). */
export const LONG_PRESS_MS = 500;

export interface Press {
  pointerId: number;
  kind: PointerKind;
  start: ScreenPoint;
  at: number;
  /** Moved beyond the tolerance, or a second pointer joined (a pinch): no pin from this press. */
  spoiled: boolean;
  /** The long-press already dropped the pin: the release adds nothing. */
  fired: boolean;
}

export interface PointerSample {
  pointerId: number;
  kind: PointerKind;
  point: ScreenPoint;
  at: number;
}

/** A pointer goes down: a new press, or (a second pointer while one is held) the press is spoiled. */
export function pressDown(press: Press | null, sample: PointerSample): Press {
  if (press) return { ...press, spoiled: true };
  return {
    pointerId: sample.pointerId,
    kind: sample.kind,
    start: sample.point,
    at: sample.at,
    spoiled: false,
    fired: false,
  };
}

/** A pointer moves: beyond the tolerance the press becomes a drag (a pan). */
export function pressMove(press: Press | null, sample: PointerSample): Press | null {
  if (!press || press.spoiled || sample.pointerId !== press.pointerId) return press;
  const moved = Math.hypot(sample.point.x - press.start.x, sample.point.y - press.start.y);
  return moved > PRESS_TOLERANCE_PX[press.kind] ? { ...press, spoiled: true } : press;
}

/**
 * A pointer goes up: where to drop the pin (the press's own point), or null for a drag, a pinch, a
 * press whose long-press already dropped it, or another pointer. The caller forgets the press once
 * no pointer is down.
 */
export function pressUp(press: Press | null, sample: PointerSample): ScreenPoint | null {
  if (!press || press.spoiled || press.fired || sample.pointerId !== press.pointerId) return null;
  const moved = Math.hypot(sample.point.x - press.start.x, sample.point.y - press.start.y);
  return moved > PRESS_TOLERANCE_PX[press.kind] ? null : press.start;
}

/** Whether a held touch has become a long-press at `now` (mouse and pen drop on release only). */
export function isLongPress(press: Press | null, now: number): boolean {
  return (
    !!press &&
    press.kind === 'touch' &&
    !press.spoiled &&
    !press.fired &&
    now - press.at >= LONG_PRESS_MS
  );
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/** '47.60621° N, 122.33207° W' (5 decimals: about a metre). */
export function formatCoordinates({ lat, lon }: LatLon): string {
  const part = (value: number, positive: string, negative: string) =>
    `${Math.abs(value).toFixed(5)}° ${value >= 0 ? positive : negative}`;
  return `${part(lat, 'N', 'S')}, ${part(lon, 'E', 'W')}`;
}

/** Keeps a longitude in [-180, 180] (a point picked on a wrapped world copy). */
export function wrapLongitude(lon: number): number {
  const wrapped = ((((lon + 180) % 360) + 360) % 360) - 180;
  return wrapped === -180 && lon > 0 ? 180 : wrapped;
}

/** The dropped pin as a search result: 'Selected place', its coordinates as the address. */
export function pinResult(point: LatLon, name: string = MAP_SPEC.selectedPlace): SearchResult {
  const position = {
    lat: round6(Math.max(-90, Math.min(90, point.lat))),
    lon: round6(wrapLongitude(point.lon)),
  };
  return {
    id: `pin:${position.lat},${position.lon}`,
    poi: { name },
    address: { freeformAddress: formatCoordinates(position) },
    position,
  };
}

export const isPinResult = (result: SearchResult): boolean => result.id.startsWith('pin:');
