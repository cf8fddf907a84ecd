/**
 * Which camera shows a set of points (doc 1 §9: 16 on a place; at most 17 when fitting bounds;
 * padding 40 to 60; default zoom 12, 16 with the user position). Pure functions, no DOM.
 */
import {
  DEFAULT_CENTER,
  DEFAULT_ZOOM,
  FIT_MAX_ZOOM,
  FIT_PADDING_MAX_PX,
  FIT_PADDING_MIN_PX,
  MIN_ZOOM,
  PLACE_ZOOM,
  USER_ZOOM,
} from './constants';
import { clamp, fromWorld, TILE_SIZE, toWorld, type Camera, type Viewport } from './projection';
import type { LatLon } from './types';

/** Padding for a fit: a tenth of the map's smaller side, kept within 40–60 px. */
export function fitPadding(viewport: Viewport): number {
  const side = Math.min(viewport.width, viewport.height);
  return Math.round(clamp(side / 10, FIT_PADDING_MIN_PX, FIT_PADDING_MAX_PX));
}

export interface Bounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** The smallest box holding every point, or null for none. */
export function boundsOf(points: readonly LatLon[]): Bounds | null {
  if (points.length === 0) return null;
  let west = Infinity;
  let east = -Infinity;
  let south = Infinity;
  let north = -Infinity;
  for (const { lat, lon } of points) {
    west = Math.min(west, lon);
    east = Math.max(east, lon);
    south = Math.min(south, lat);
    north = Math.max(north, lat);
  }
  return { west, south, east, north };
}

/** Pixels along each edge that overlays (the search box, its results) cover. */
export interface Insets {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export const NO_INSETS: Insets = { top: 0, right: 0, bottom: 0, left: 0 };

/** The smallest free area worth aiming at; when overlays leave less, they are ignored. */
export const MIN_FREE_PX = 120;

/** The insets to honour: none when they would leave less than MIN_FREE_PX either way. */
export function usableInsets(viewport: Viewport, insets: Insets = NO_INSETS): Insets {
  const freeX = viewport.width - insets.left - insets.right;
  const freeY = viewport.height - insets.top - insets.bottom;
  return freeX >= MIN_FREE_PX && freeY >= MIN_FREE_PX ? insets : NO_INSETS;
}

/**
 * The camera center that draws `point` in the middle of the area the overlays leave free
 * (the viewport's middle when there are no insets).
 */
export function centerInFreeArea(
  point: LatLon,
  zoom: number,
  viewport: Viewport,
  insets: Insets = NO_INSETS,
): LatLon {
  const used = usableInsets(viewport, insets);
  const size = TILE_SIZE * 2 ** zoom;
  const p = toWorld(point);
  return fromWorld({
    x: p.x - (used.left - used.right) / 2 / size,
    y: p.y - (used.top - used.bottom) / 2 / size,
  });
}

/**
 * The camera that shows every point inside the padded viewport, less what overlays cover: one
 * point (or points on top of each other) at PLACE_ZOOM; several at the highest zoom that fits them,
 * never above FIT_MAX_ZOOM. Null when there is no point.
 */
export function fitCamera(
  points: readonly LatLon[],
  viewport: Viewport,
  {
    padding = fitPadding(viewport),
    maxZoom = FIT_MAX_ZOOM,
    insets = NO_INSETS,
  }: { padding?: number; maxZoom?: number; insets?: Insets } = {},
): Camera | null {
  const bounds = boundsOf(points);
  if (!bounds) return null;
  const used = usableInsets(viewport, insets);
  const nw = toWorld({ lat: bounds.north, lon: bounds.west });
  const se = toWorld({ lat: bounds.south, lon: bounds.east });
  const middle = fromWorld({ x: (nw.x + se.x) / 2, y: (nw.y + se.y) / 2 });
  const spanX = se.x - nw.x;
  const spanY = se.y - nw.y;
  if (spanX <= 1e-12 && spanY <= 1e-12) {
    const zoom = Math.min(PLACE_ZOOM, maxZoom);
    return { center: centerInFreeArea(middle, zoom, viewport, used), zoom };
  }
  const free = {
    width: viewport.width - used.left - used.right,
    height: viewport.height - used.top - used.bottom,
  };
  // A map smaller than twice the padding still shows its points: the padding gives way.
  const pad = Math.min(padding, free.width / 4, free.height / 4);
  const room = { x: Math.max(1, free.width - 2 * pad), y: Math.max(1, free.height - 2 * pad) };
  const zoomX = spanX > 0 ? Math.log2(room.x / (spanX * TILE_SIZE)) : Infinity;
  const zoomY = spanY > 0 ? Math.log2(room.y / (spanY * TILE_SIZE)) : Infinity;
  const zoom = clamp(Math.min(zoomX, zoomY), MIN_ZOOM, maxZoom);
  return { center: centerInFreeArea(middle, zoom, viewport, used), zoom };
}

/**
 * The first camera of a map: every point fitted; with none, the user's position at USER_ZOOM;
 * with nothing at all, the default center at DEFAULT_ZOOM.
 */
export function initialCamera(
  points: readonly LatLon[],
  viewport: Viewport,
  near: LatLon | null | undefined,
): Camera {
  const fitted = fitCamera(points, viewport);
  if (fitted) return fitted;
  if (near) return { center: { lat: near.lat, lon: near.lon }, zoom: USER_ZOOM };
  return { center: { lat: DEFAULT_CENTER.lat, lon: DEFAULT_CENTER.lon }, zoom: DEFAULT_ZOOM };
}

/**
 * Room a fitted marker needs beyond its point and the padding: a destination pin (36 px) and its
 * label (15 px) stand up to 52 px above the point, more than the 40 px fit padding; on the right
 * the zoom and fit buttons (40 px wide, 12 px from the edge) must not hide a dot (17 px radius)
 * under them. Labels below dots (≤ 33 px) fit in the padding; labels near an edge slide inwards.
 */
export const MARKER_ROOM: Insets = { top: 16, right: 30, bottom: 0, left: 0 };

/** The insets a fit honours: the overlays', plus the room the markers' pins and labels need. */
export function withMarkerRoom(insets: Insets = NO_INSETS): Insets {
  return {
    top: insets.top + MARKER_ROOM.top,
    right: insets.right + MARKER_ROOM.right,
    bottom: insets.bottom + MARKER_ROOM.bottom,
    left: insets.left + MARKER_ROOM.left,
  };
}

/** A key for the confirmed destination: a new one (not the first) fits every marker again. */
export function destinationKey(destination: LatLon | null | undefined): string | null {
  return destination ? `${destination.lat.toFixed(6)},${destination.lon.toFixed(6)}` : null;
}

/** Whether the destination just changed to a new confirmed place (so the map shows it with everyone). */
export function destinationConfirmed(previous: string | null, next: string | null): boolean {
  return next !== null && previous !== next;
}
