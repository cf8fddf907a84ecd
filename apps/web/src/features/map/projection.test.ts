import { describe, expect, it } from 'vitest';
import {
  clampLatitude,
  fromWorld,
  MAX_LATITUDE,
  metersPerPixel,
  panBy,
  project,
  toWorld,
  unproject,
  worldSize,
  zoomAround,
  type Camera,
} from './projection';

const viewport = { width: 400, height: 300 };
const seattle = { lat: 47.6062, lon: -122.3321 };

describe('Web Mercator projection', () => {
  it('puts (0, 0) in the middle of the world and the corners at ±180°, ±85.0511°', () => {
    expect(toWorld({ lat: 0, lon: 0 })).toEqual({ x: 0.5, y: 0.5 });
    const nw = toWorld({ lat: MAX_LATITUDE, lon: -180 });
    expect(nw.x).toBe(0);
    expect(nw.y).toBeCloseTo(0, 9);
    const se = toWorld({ lat: -MAX_LATITUDE, lon: 180 });
    expect(se.x).toBe(1);
    expect(se.y).toBeCloseTo(1, 9);
  });

  it('turns a world point back into the same latitude and longitude', () => {
    for (const p of [seattle, { lat: -33.8688, lon: 151.2093 }, { lat: 0, lon: 0 }]) {
      const back = fromWorld(toWorld(p));
      expect(back.lat).toBeCloseTo(p.lat, 9);
      expect(back.lon).toBeCloseTo(p.lon, 9);
    }
  });

  it('clamps latitudes beyond the square world', () => {
    expect(clampLatitude(89)).toBe(MAX_LATITUDE);
    expect(clampLatitude(-90)).toBe(-MAX_LATITUDE);
    expect(toWorld({ lat: 90, lon: 0 }).y).toBeCloseTo(0, 9);
  });

  it('is 256 px wide at zoom 0 and doubles with each zoom level', () => {
    expect(worldSize(0)).toBe(256);
    expect(worldSize(12)).toBe(256 * 4096);
  });

  it('draws the camera center in the middle of the viewport and unprojects pixels back', () => {
    const camera: Camera = { center: seattle, zoom: 12 };
    expect(project(seattle, camera, viewport)).toEqual({ x: 200, y: 150 });
    const east = project({ lat: seattle.lat, lon: seattle.lon + 0.01 }, camera, viewport);
    expect(east.x).toBeGreaterThan(200);
    expect(east.y).toBeCloseTo(150, 9);
    const north = project({ lat: seattle.lat + 0.01, lon: seattle.lon }, camera, viewport);
    expect(north.y).toBeLessThan(150);
    const back = unproject(east, camera, viewport);
    expect(back.lat).toBeCloseTo(seattle.lat, 9);
    expect(back.lon).toBeCloseTo(seattle.lon + 0.01, 9);
  });

  it('moves the center against a drag so the dragged content follows the pointer', () => {
    const camera: Camera = { center: seattle, zoom: 14 };
    const moved = panBy(camera, 50, -20);
    // A point under the pointer before the drag is 50 px right and 20 px up after it.
    const before = project(seattle, camera, viewport);
    const after = project(seattle, moved, viewport);
    expect(after.x - before.x).toBeCloseTo(50, 6);
    expect(after.y - before.y).toBeCloseTo(-20, 6);
    expect(moved.zoom).toBe(14);
  });

  it('zooms around an anchor pixel, keeping the point under it in place', () => {
    const camera: Camera = { center: seattle, zoom: 12 };
    const anchor = { x: 320, y: 40 };
    const under = unproject(anchor, camera, viewport);
    const zoomed = zoomAround(camera, viewport, anchor, 14.5);
    expect(zoomed.zoom).toBe(14.5);
    const stillThere = project(under, zoomed, viewport);
    expect(stillThere.x).toBeCloseTo(anchor.x, 6);
    expect(stillThere.y).toBeCloseTo(anchor.y, 6);
  });

  it('keeps zoom within 1 and 20', () => {
    const camera: Camera = { center: seattle, zoom: 12 };
    expect(zoomAround(camera, viewport, { x: 0, y: 0 }, 40).zoom).toBe(20);
    expect(zoomAround(camera, viewport, { x: 0, y: 0 }, -3).zoom).toBe(1);
  });

  it('knows the ground size of a pixel: ~156 km at the equator at zoom 0, half each zoom level', () => {
    expect(metersPerPixel(0, 0)).toBeCloseTo(156_543.03, 1);
    expect(metersPerPixel(0, 1)).toBeCloseTo(78_271.52, 1);
    expect(metersPerPixel(60, 0)).toBeCloseTo(156_543.03 / 2, 1);
  });
});
