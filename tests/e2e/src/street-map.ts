// The MapLibre street map as the browser tests see it: its view, canvas and HTML markers, when it
// is ready and its tiles settled, how much of it the test tiles paint, and where its markers sit.
import type { Page } from 'playwright-core';
import { expect } from './browser.js';
import { decodePng, type Rgb } from './png.js';
import { TILE_COLOURS, type TileServer } from './tile-server.js';

export const mapView = (page: Page) => page.locator('.smap-maplibre');
export const canvas = (page: Page) => page.locator('.smap-maplibre canvas.maplibregl-canvas');
export const marker = (page: Page, selector: string) =>
  mapView(page).locator(`.smap-hmarker${selector}`);

/** The map is up: its style loaded (the view drops aria-busy then) and it has drawn. */
export async function mapReady(page: Page) {
  await canvas(page).waitFor();
  await expect.poll(() => mapView(page).getAttribute('aria-busy'), { timeout: 20_000 }).toBeNull();
  // The drawing fills the map's frame.
  const [frame, drawing] = await Promise.all([
    page.locator('.smap-frame').boundingBox(),
    canvas(page).boundingBox(),
  ]);
  expect(Math.abs((drawing?.height ?? 0) - (frame?.height ?? 0))).toBeLessThan(4);
  expect(Math.abs((drawing?.width ?? 0) - (frame?.width ?? 0))).toBeLessThan(4);
}

/** The map has asked for no tile for 600 ms (after a resize it loads the tiles of its new view). */
export async function settledTiles(page: Page, tiles: Pick<TileServer, 'requests'>) {
  let count = -1;
  await expect
    .poll(
      async () => {
        const before = count;
        count = tiles.requests.length;
        return count === before;
      },
      { timeout: 15_000, interval: 600 },
    )
    .toBe(true);
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

const near = (a: Rgb, b: Rgb, tolerance = 14) =>
  Math.abs(a[0] - b[0]) <= tolerance &&
  Math.abs(a[1] - b[1]) <= tolerance &&
  Math.abs(a[2] - b[2]) <= tolerance;

/**
 * The share of the map's middle band (below the search box, clear of the controls) drawn in the
 * tiles' colours, and whether both ground colours show (more than one tile drawn).
 */
export async function tilePaint(page: Page) {
  const shot = decodePng(await canvas(page).screenshot({ animations: 'disabled' }));
  let painted = 0;
  let total = 0;
  const seen = { even: false, odd: false };
  for (let y = Math.floor(shot.height * 0.35); y < shot.height * 0.9; y += 7) {
    for (let x = Math.floor(shot.width * 0.05); x < shot.width * 0.8; x += 7) {
      const colour = shot.at(x, y);
      total++;
      if (near(colour, TILE_COLOURS.even)) seen.even = true;
      if (near(colour, TILE_COLOURS.odd)) seen.odd = true;
      if (Object.values(TILE_COLOURS).some((c) => near(colour, c))) painted++;
    }
  }
  return { share: painted / total, bothGrounds: seen.even && seen.odd };
}

/** How far (px) a marker's point is from the middle of the map, horizontally. */
export async function offCenter(page: Page, participantId: string): Promise<number> {
  const map = await canvas(page).boundingBox();
  const dot = await marker(page, `[data-marker-id="${participantId}"] .smap-hshape`).boundingBox();
  if (!map || !dot) return Number.POSITIVE_INFINITY;
  return Math.abs(dot.x + dot.width / 2 - (map.x + map.width / 2));
}

/** Distance (px) between a participant's dot and the destination pin: it changes once they move. */
export async function gapToDestination(page: Page, participantId: string): Promise<number> {
  const centre = async (selector: string) => {
    const box = await marker(page, selector).locator('.smap-hshape').boundingBox();
    return box ? { x: box.x + box.width / 2, y: box.y + box.height / 2 } : null;
  };
  const dot = await centre(`[data-marker-id="${participantId}"]`);
  const pin = await centre('[data-kind="destination"]');
  return dot && pin ? Math.hypot(dot.x - pin.x, dot.y - pin.y) : Number.NaN;
}
