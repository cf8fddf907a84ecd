import { describe, expect, it } from 'vitest';
import {
  centerInFreeArea,
  fitCamera,
  fitPadding,
  destinationConfirmed,
  destinationKey,
  initialCamera,
  MARKER_ROOM,
  NO_INSETS,
  usableInsets,
  withMarkerRoom,
} from './fit';
import { project, type Viewport } from './projection';

const seattle = { lat: 47.6062, lon: -122.3321 };
const portland = { lat: 45.5152, lon: -122.6784 };
const tacoma = { lat: 47.2529, lon: -122.4443 };

describe('fitPadding', () => {
  it('is 40 px on a phone-sized map and 60 px on a large one, in between otherwise', () => {
    expect(fitPadding({ width: 390, height: 304 })).toBe(40);
    expect(fitPadding({ width: 1280, height: 656 })).toBe(60);
    expect(fitPadding({ width: 700, height: 500 })).toBe(50);
  });
});

describe('fitCamera (doc 1 §9: 16 on a place, at most 17 when fitting)', () => {
  const viewport: Viewport = { width: 800, height: 600 };

  it('has no camera for no point', () => {
    expect(fitCamera([], viewport)).toBeNull();
  });

  it('shows one place at zoom 16, and points on top of each other the same way', () => {
    expect(fitCamera([seattle], viewport)).toEqual({ center: expect.any(Object), zoom: 16 });
    const one = fitCamera([seattle], viewport)!;
    expect(one.center.lat).toBeCloseTo(seattle.lat, 9);
    expect(one.center.lon).toBeCloseTo(seattle.lon, 9);
    expect(fitCamera([seattle, { ...seattle }], viewport)?.zoom).toBe(16);
  });

  it('never zooms past 17 for points a few metres apart', () => {
    const near = { lat: seattle.lat + 0.0001, lon: seattle.lon + 0.0001 };
    expect(fitCamera([seattle, near], viewport)?.zoom).toBe(17);
  });

  it('keeps every point inside the padded viewport, at the highest zoom that does', () => {
    const points = [seattle, portland, tacoma];
    const camera = fitCamera(points, viewport)!;
    const padding = fitPadding(viewport);
    for (const p of points) {
      const px = project(p, camera, viewport);
      expect(px.x).toBeGreaterThanOrEqual(padding - 1e-6);
      expect(px.x).toBeLessThanOrEqual(viewport.width - padding + 1e-6);
      expect(px.y).toBeGreaterThanOrEqual(padding - 1e-6);
      expect(px.y).toBeLessThanOrEqual(viewport.height - padding + 1e-6);
    }
    // North–south is the tight side: Seattle and Portland touch the top and bottom padding.
    expect(project(seattle, camera, viewport).y).toBeCloseTo(padding, 6);
    expect(project(portland, camera, viewport).y).toBeCloseTo(viewport.height - padding, 6);
  });

  it('still shows the points on a map smaller than twice the padding', () => {
    const tiny = { width: 100, height: 80 };
    const camera = fitCamera([seattle, portland], tiny)!;
    for (const p of [seattle, portland]) {
      const px = project(p, camera, tiny);
      expect(px.y).toBeGreaterThanOrEqual(0);
      expect(px.y).toBeLessThanOrEqual(tiny.height);
    }
  });
});

describe('initialCamera (default zoom 12, 16 with the user position)', () => {
  const viewport: Viewport = { width: 390, height: 320 };

  it('fits the points when there are some', () => {
    expect(initialCamera([seattle, portland], viewport, tacoma)).toEqual(
      fitCamera([seattle, portland], viewport),
    );
  });

  it('shows the user position at zoom 16 when there is no point', () => {
    expect(initialCamera([], viewport, tacoma)).toEqual({ center: tacoma, zoom: 16 });
  });

  it('falls back to the default center at zoom 12 with nothing known', () => {
    expect(initialCamera([], viewport, null)).toEqual({
      center: { lat: 47.61, lon: -122.33 },
      zoom: 12,
    });
  });
});

describe('overlays (insets)', () => {
  const viewport: Viewport = { width: 390, height: 692 };
  const insets = { top: 70, right: 0, bottom: 0, left: 0 };

  it('fits the points below a search box covering the top 70 px', () => {
    const camera = fitCamera([seattle, portland, tacoma], viewport, { insets })!;
    const padding = fitPadding(viewport);
    for (const p of [seattle, portland, tacoma]) {
      const px = project(p, camera, viewport);
      expect(px.y).toBeGreaterThanOrEqual(70 + padding - 1e-6);
      expect(px.y).toBeLessThanOrEqual(viewport.height - padding + 1e-6);
    }
  });

  it('centers one place in the middle of the free area', () => {
    const camera = fitCamera([seattle], viewport, { insets })!;
    const px = project(seattle, camera, viewport);
    expect(px.x).toBeCloseTo(195, 6);
    expect(px.y).toBeCloseTo(70 + (692 - 70) / 2, 6);
    const center = centerInFreeArea(seattle, 16, viewport, insets);
    expect(project(seattle, { center, zoom: 16 }, viewport).y).toBeCloseTo(381, 6);
  });

  it('ignores overlays that leave less than 120 px free', () => {
    expect(usableInsets(viewport, { top: 600, right: 0, bottom: 0, left: 0 })).toEqual(NO_INSETS);
    const center = centerInFreeArea(seattle, 16, viewport, {
      top: 600,
      right: 0,
      bottom: 0,
      left: 0,
    });
    expect(project(seattle, { center, zoom: 16 }, viewport).y).toBeCloseTo(346, 6);
  });
});

describe('a fit after confirming a far destination (issue 12)', () => {
  // A phone's expanded map (358 × 692) with the search box covering its top 70 px.
  const phone: Viewport = { width: 358, height: 692 };
  const search = { ...NO_INSETS, top: 70 };
  const denver = { lat: 39.7392, lon: -104.9903 };
  const me = { lat: 47.6205, lon: -122.3493 };
  const friend = { lat: 47.61, lon: -122.2 };

  it('includes every marker whole: the pin and its label, the dots clear of the buttons on the right', () => {
    const points = [denver, me, friend];
    const insets = withMarkerRoom(search);
    const camera = fitCamera(points, phone, { insets })!;
    for (const p of points) {
      const px = project(p, camera, phone);
      // A pin with its label reaches 52 px above its point; below the search box.
      expect(px.y - 52).toBeGreaterThanOrEqual(search.top);
      // A dot (17 px) is left of the buttons column (52 px from the right edge) and inside the map.
      expect(px.x + 17).toBeLessThanOrEqual(phone.width - 52);
      expect(px.x - 17).toBeGreaterThanOrEqual(0);
      expect(px.y + 17 + 15).toBeLessThanOrEqual(phone.height);
    }
  });

  it('adds the markers’ room to whatever the overlays cover', () => {
    expect(withMarkerRoom(search)).toEqual({
      top: 70 + MARKER_ROOM.top,
      right: MARKER_ROOM.right,
      bottom: MARKER_ROOM.bottom,
      left: MARKER_ROOM.left,
    });
    expect(withMarkerRoom()).toEqual(MARKER_ROOM);
  });

  it('fits again for a newly confirmed destination only', () => {
    const a = destinationKey(denver);
    expect(destinationConfirmed(null, a)).toBe(true);
    expect(destinationConfirmed(a, destinationKey({ ...denver }))).toBe(false);
    expect(destinationConfirmed(a, destinationKey(me))).toBe(true);
    expect(destinationConfirmed(a, null)).toBe(false);
  });
});
