/**
 * Web Mercator (EPSG:3857) as map tiles use it: the world is a square of 256 · 2^zoom CSS pixels,
 * longitude −180…180 left to right, latitude ±85.0511° top to bottom. Pure functions, no DOM.
 */
import { MAX_ZOOM, MIN_ZOOM } from './constants';
import type { LatLon } from './types';

export const TILE_SIZE = 256;
/** The latitude where Web Mercator's square world ends (atan(sinh(π))). */
export const MAX_LATITUDE = 85.0511287798066;
/** Metres per pixel at the equator at zoom 0 (2π · 6378137 / 256). */
const EQUATOR_METERS_PER_PIXEL = 156_543.033_928_041;

export interface WorldPoint {
  /** 0 at longitude −180, 1 at +180. */
  x: number;
  /** 0 at the north edge, 1 at the south edge. */
  y: number;
}

export interface ScreenPoint {
  x: number;
  y: number;
}

export interface Camera {
  center: LatLon;
  zoom: number;
}

export interface Viewport {
  width: number;
  height: number;
}

export const clamp = (value: number, min: number, max: number) =>
  Math.min(max, Math.max(min, value));

export function clampLatitude(lat: number): number {
  return clamp(lat, -MAX_LATITUDE, MAX_LATITUDE);
}

export function clampZoom(zoom: number, min = MIN_ZOOM, max = MAX_ZOOM): number {
  return clamp(zoom, min, max);
}

/** A point in the unit world square. */
export function toWorld({ lat, lon }: LatLon): WorldPoint {
  const sin = Math.sin((clampLatitude(lat) * Math.PI) / 180);
  return {
    x: (clamp(lon, -180, 180) + 180) / 360,
    y: 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI),
  };
}

export function fromWorld({ x, y }: WorldPoint): LatLon {
  const n = Math.PI - 2 * Math.PI * clamp(y, 0, 1);
  return {
    lat: (180 / Math.PI) * Math.atan(Math.sinh(n)),
    lon: clamp(x, 0, 1) * 360 - 180,
  };
}

/** The world's width in CSS pixels at a zoom level. */
export function worldSize(zoom: number): number {
  return TILE_SIZE * 2 ** zoom;
}

/** Where a point is drawn in a viewport whose middle shows `camera.center`. */
export function project(point: LatLon, camera: Camera, viewport: Viewport): ScreenPoint {
  const size = worldSize(camera.zoom);
  const p = toWorld(point);
  const c = toWorld(camera.center);
  return {
    x: viewport.width / 2 + (p.x - c.x) * size,
    y: viewport.height / 2 + (p.y - c.y) * size,
  };
}

/** The point drawn at a pixel of the viewport. */
export function unproject(pixel: ScreenPoint, camera: Camera, viewport: Viewport): LatLon {
  const size = worldSize(camera.zoom);
  const c = toWorld(camera.center);
  return fromWorld({
    x: c.x + (pixel.x - viewport.width / 2) / size,
    y: c.y + (pixel.y - viewport.height / 2) / size,
  });
}

/** The camera after the content was dragged by (dx, dy) pixels: the center moves the other way. */
export function panBy(camera: Camera, dx: number, dy: number): Camera {
  const size = worldSize(camera.zoom);
  const c = toWorld(camera.center);
  return { zoom: camera.zoom, center: fromWorld({ x: c.x - dx / size, y: c.y - dy / size }) };
}

/**
 * The camera at `zoom` (clamped) that keeps the point under `anchor` (a viewport pixel) where it is,
 * as a wheel or a pinch zooms "into the cursor".
 */
export function zoomAround(
  camera: Camera,
  viewport: Viewport,
  anchor: ScreenPoint,
  zoom: number,
): Camera {
  const next = clampZoom(zoom);
  const anchored = toWorld(unproject(anchor, camera, viewport));
  const size = worldSize(next);
  return {
    zoom: next,
    center: fromWorld({
      x: anchored.x - (anchor.x - viewport.width / 2) / size,
      y: anchored.y - (anchor.y - viewport.height / 2) / size,
    }),
  };
}

/** Ground metres one CSS pixel spans at a latitude and zoom. */
export function metersPerPixel(lat: number, zoom: number): number {
  return (EQUATOR_METERS_PER_PIXEL * Math.cos((clampLatitude(lat) * Math.PI) / 180)) / 2 ** zoom;
}
