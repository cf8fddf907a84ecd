import { describe, expect, it } from 'vitest';
import {
  GRID_LABEL_ROOM,
  graticule,
  gridStep,
  latLabelFits,
  lonLabelFits,
  scaleBar,
} from './decorations';
import { metersPerPixel, project } from './projection';

describe('graticule', () => {
  it('picks a round step whose lines are at least 120 px apart', () => {
    const step = gridStep(12);
    const degreesPerPixel = 360 / (256 * 2 ** 12);
    expect(step / degreesPerPixel).toBeGreaterThanOrEqual(120);
    expect(gridStep(12)).toBe(0.05);
    expect(gridStep(2)).toBe(30);
    expect(gridStep(18)).toBe(0.001);
  });

  it('lists only lines inside the viewport, on multiples of the step', () => {
    const camera = { center: { lat: 47.6, lon: -122.33 }, zoom: 12 };
    const viewport = { width: 800, height: 600 };
    const grid = graticule(camera, viewport);
    expect(grid.lons.length).toBeGreaterThan(0);
    expect(grid.lats.length).toBeGreaterThan(0);
    for (const lon of grid.lons) {
      const x = project({ lat: 47.6, lon }, camera, viewport).x;
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThanOrEqual(800);
      expect(Math.abs(lon / grid.step - Math.round(lon / grid.step))).toBeLessThan(1e-6);
    }
    for (const lat of grid.lats) {
      const y = project({ lat, lon: -122.33 }, camera, viewport).y;
      expect(y).toBeGreaterThanOrEqual(0);
      expect(y).toBeLessThanOrEqual(600);
    }
  });
});

describe('scaleBar', () => {
  it('shows the longest round distance in miles that fits', () => {
    const bar = scaleBar(47.6, 12, 100);
    expect(bar.px).toBeLessThanOrEqual(100);
    expect(bar.px).toBeGreaterThan(40);
    expect(bar.label).toBe(`${bar.miles} mi`);
    const meters = bar.px * metersPerPixel(47.6, 12);
    expect(meters / 1609.344).toBeCloseTo(bar.miles, 6);
  });

  it('shows hundredths of a mile when zoomed in close', () => {
    expect(scaleBar(0, 20, 100).label).toBe('0.01 mi');
  });
});

describe('grid labels', () => {
  it('draws a longitude label only when it ends left of the notice, never cut at the right edge', () => {
    const label = '122.345° W';
    expect(lonLabelFits(212, label, 708)).toBe(true);
    expect(lonLabelFits(444, label, 708)).toBe(true);
    // 1280 px layout: the third line sits at x 675 of a 708 px map ('122.' cut by the edge before).
    expect(lonLabelFits(675, label, 708)).toBe(false);
    // 390 px layout: the second line's label ran under the 'Offline map' notice.
    expect(lonLabelFits(267, label, 358)).toBe(false);
    expect(lonLabelFits(708 - GRID_LABEL_ROOM.right - 3 - label.length * 8, label, 708)).toBe(true);
  });

  it('draws a latitude label only below the place search and above the scale bar', () => {
    expect(latLabelFits(381, 738)).toBe(true);
    expect(latLabelFits(44, 738)).toBe(false);
    expect(latLabelFits(738 - 20, 738)).toBe(false);
    expect(latLabelFits(GRID_LABEL_ROOM.top + 1, 738)).toBe(true);
  });
});
