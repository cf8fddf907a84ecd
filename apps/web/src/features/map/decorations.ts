/**
 * What the offline map draws besides markers, with no tiles: a graticule (longitude and latitude
 * lines at a round step) and a scale bar in miles (the app shows distances in miles). Pure functions.
 */
import { METERS_PER_MILE } from '@oneeta/contracts';
import { metersPerPixel, unproject, type Camera, type Viewport } from './projection';

/** Round steps in degrees, from ~1 m to 30°. */
const DEGREE_STEPS = [
  0.00001, 0.00002, 0.00005, 0.0001, 0.0002, 0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1,
  0.2, 0.5, 1, 2, 5, 10, 15, 30,
];

/** Graticule lines about every TARGET_GRID_PX pixels. */
export const TARGET_GRID_PX = 120;

export interface Graticule {
  step: number;
  lons: number[];
  lats: number[];
}

/** The smallest round step whose lines are at least `targetPx` apart at this zoom. */
export function gridStep(zoom: number, targetPx = TARGET_GRID_PX): number {
  const degreesPerPixel = 360 / (256 * 2 ** zoom);
  const wanted = degreesPerPixel * targetPx;
  return DEGREE_STEPS.find((s) => s >= wanted) ?? DEGREE_STEPS[DEGREE_STEPS.length - 1]!;
}

function multiplesBetween(min: number, max: number, step: number, limit: number): number[] {
  const out: number[] = [];
  const decimals = Math.max(0, Math.ceil(-Math.log10(step)) + 1);
  for (let i = Math.ceil(min / step); i * step <= max && out.length < limit; i += 1) {
    out.push(Number((i * step).toFixed(decimals)));
  }
  return out;
}

/** The graticule lines inside the viewport. */
export function graticule(camera: Camera, viewport: Viewport): Graticule {
  const step = gridStep(camera.zoom);
  const nw = unproject({ x: 0, y: 0 }, camera, viewport);
  const se = unproject({ x: viewport.width, y: viewport.height }, camera, viewport);
  return {
    step,
    lons: multiplesBetween(Math.max(-180, nw.lon), Math.min(180, se.lon), step, 60),
    lats: multiplesBetween(Math.max(-85, se.lat), Math.min(85, nw.lat), step, 60),
  };
}

/**
 * Where the offline map's grid labels would sit under something else, in px from the edges: the
 * place search row (top), the scale bar (bottom left) and the 'Offline map' notice (bottom right).
 */
export const GRID_LABEL_ROOM = { top: 72, bottom: 48, right: 130 } as const;
/** A generous width per character of a grid label (600 weight, --fs-xs). */
const GRID_LABEL_CHAR_PX = 8;

/** A longitude label at the bottom, starting 3 px right of its line at `x`: whole and clear of the notice. */
export function lonLabelFits(x: number, text: string, width: number): boolean {
  return x + 3 + text.length * GRID_LABEL_CHAR_PX <= width - GRID_LABEL_ROOM.right;
}

/** A latitude label at the left, above its line at `y`: clear of the search row, the scale bar and the longitude labels. */
export function latLabelFits(y: number, height: number): boolean {
  return y > GRID_LABEL_ROOM.top && y < height - GRID_LABEL_ROOM.bottom;
}

/** Round distances a scale bar may show, in miles. */
const MILE_STEPS = [
  0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000,
];

export interface ScaleBar {
  /** Bar length in CSS pixels. */
  px: number;
  miles: number;
  label: string;
}

/** The longest round distance that fits in `maxPx` at this latitude and zoom. */
export function scaleBar(lat: number, zoom: number, maxPx = 100): ScaleBar {
  const milesPerPixel = metersPerPixel(lat, zoom) / METERS_PER_MILE;
  const fits = MILE_STEPS.filter((m) => m / milesPerPixel <= maxPx);
  const miles = fits[fits.length - 1] ?? MILE_STEPS[0]!;
  return { px: miles / milesPerPixel, miles, label: `${miles} mi` };
}
