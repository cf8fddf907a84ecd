import { describe, expect, it } from 'vitest';
import { graticule, gridStep, scaleBar } from './decorations';
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
