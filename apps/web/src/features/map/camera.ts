/**
 * Camera requests from the map component to whichever view draws it (our offline SVG map or
 * Azure Maps): each has a new `seq` and is carried out once. Pure helpers for the offline map's
 * camera moves.
 */
import type { Insets } from './fit';
import { fromWorld, toWorld, type Camera } from './projection';
import type { LatLon } from './types';

/**
 * `insets`: what the overlays (search box, results) cover, so that fitted points and centered
 * places land in the free part of the map.
 */
export type CameraCommand =
  | { seq: number; type: 'fit'; points: LatLon[]; animate: boolean; insets: Insets }
  /** `zoom` undefined keeps the current zoom. */
  | {
      seq: number;
      type: 'center';
      center: LatLon;
      zoom?: number;
      animate: boolean;
      insets: Insets;
    }
  | { seq: number; type: 'zoomBy'; delta: number };

/** The camera a bit of the way (t from 0 to 1) from `from` to `to`: center along the Mercator plane, zoom linearly. */
export function interpolateCamera(from: Camera, to: Camera, t: number): Camera {
  const k = Math.min(1, Math.max(0, t));
  const a = toWorld(from.center);
  const b = toWorld(to.center);
  return {
    center: fromWorld({ x: a.x + (b.x - a.x) * k, y: a.y + (b.y - a.y) * k }),
    zoom: from.zoom + (to.zoom - from.zoom) * k,
  };
}

/** Ease-out cubic: fast start, gentle landing. */
export function easeOut(t: number): number {
  const k = Math.min(1, Math.max(0, t));
  return 1 - (1 - k) ** 3;
}

/** How long an animated camera move of the offline map takes. */
export const CAMERA_MOVE_MS = 300;
