import { describe, expect, it } from 'vitest';
import { CAMERA_MOVE_MS } from './camera';
import { FIT_MAX_ZOOM, MAX_ZOOM, PLACE_ZOOM } from './constants';
import { NO_INSETS } from './fit';
import { planCamera } from './sdk-camera';

const viewport = { width: 800, height: 600 };
const seattle = { lat: 47.6062, lon: -122.3321 };
const bellevue = { lat: 47.6101, lon: -122.2015 };
const search = { top: 80, right: 0, bottom: 0, left: 0 };

describe('planCamera', () => {
  it('steps the zoom from where it is, within the zoom range, animated', () => {
    const plan = planCamera({ seq: 1, type: 'zoomBy', delta: 1 }, viewport, 12.5);
    expect(plan).toEqual({ kind: 'ease', zoom: 13.5, offset: [0, 0], duration: CAMERA_MOVE_MS });
    expect(planCamera({ seq: 2, type: 'zoomBy', delta: 1 }, viewport, MAX_ZOOM)).toMatchObject({
      zoom: MAX_ZOOM,
    });
  });

  it('centers a point in the part of the map the overlays leave free, keeping the zoom unless told', () => {
    const kept = planCamera(
      { seq: 1, type: 'center', center: seattle, animate: true, insets: search },
      viewport,
      11,
    );
    expect(kept).toEqual({
      kind: 'ease',
      center: seattle,
      offset: [0, 40],
      duration: CAMERA_MOVE_MS,
    });
    const zoomed = planCamera(
      { seq: 2, type: 'center', center: seattle, zoom: 16, animate: false, insets: NO_INSETS },
      viewport,
      11,
    );
    expect(zoomed).toEqual({
      kind: 'ease',
      center: seattle,
      zoom: 16,
      offset: [0, 0],
      duration: 0,
    });
  });

  it('ignores overlays that would leave too little map to aim at', () => {
    const plan = planCamera(
      { seq: 1, type: 'center', center: seattle, animate: true, insets: { ...search, top: 560 } },
      viewport,
      11,
    );
    expect(plan).toMatchObject({ offset: [0, 0] });
  });

  it('fits several points with padding around the free area, at most the fit zoom', () => {
    const plan = planCamera(
      { seq: 1, type: 'fit', points: [seattle, bellevue], animate: false, insets: search },
      viewport,
      3,
    );
    expect(plan).toEqual({
      kind: 'bounds',
      bounds: { west: seattle.lon, south: seattle.lat, east: bellevue.lon, north: bellevue.lat },
      padding: { top: 60 + 80, right: 60, bottom: 60, left: 60 },
      maxZoom: FIT_MAX_ZOOM,
      duration: 0,
    });
  });

  it('shows one place (or everyone on one spot) at the place zoom, and nothing for no points', () => {
    const plan = planCamera(
      { seq: 1, type: 'fit', points: [seattle, seattle], animate: true, insets: NO_INSETS },
      viewport,
      3,
    );
    expect(plan).toEqual({
      kind: 'ease',
      center: seattle,
      zoom: PLACE_ZOOM,
      offset: [0, 0],
      duration: CAMERA_MOVE_MS,
    });
    expect(
      planCamera(
        { seq: 2, type: 'fit', points: [], animate: true, insets: NO_INSETS },
        viewport,
        3,
      ),
    ).toBeNull();
  });
});
