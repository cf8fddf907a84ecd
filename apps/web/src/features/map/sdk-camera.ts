/**
 * A camera command (camera.ts) as the move an SDK map makes: an eased move to a center and zoom
 * (with the pixel offset that puts the point in the middle of the area the overlays leave free),
 * or a fit to bounds with padding. Pure: the MapLibre adapter hands the plan to its map.
 */
import type { CameraCommand } from './camera';
import { CAMERA_MOVE_MS } from './camera';
import { FIT_MAX_ZOOM, PLACE_ZOOM } from './constants';
import { boundsOf, fitPadding, usableInsets, type Bounds, type Insets } from './fit';
import { clampZoom, type Viewport } from './projection';
import type { LatLon } from './types';

export type CameraPlan =
  | {
      kind: 'ease';
      /** Undefined keeps the current center (a zoom step). */
      center?: LatLon;
      /** Undefined keeps the current zoom. */
      zoom?: number;
      /** Where the center lands, in pixels from the container's middle (right and down positive). */
      offset: [number, number];
      duration: number;
    }
  | { kind: 'bounds'; bounds: Bounds; padding: Insets; maxZoom: number; duration: number };

/** The move for `command` on a map of `viewport` now at `zoom`; null when there is nothing to show. */
export function planCamera(
  command: CameraCommand,
  viewport: Viewport,
  zoom: number,
): CameraPlan | null {
  if (command.type === 'zoomBy') {
    const next = clampZoom(zoom + command.delta);
    return { kind: 'ease', zoom: next, offset: [0, 0], duration: CAMERA_MOVE_MS };
  }
  const duration = command.animate ? CAMERA_MOVE_MS : 0;
  const insets = usableInsets(viewport, command.insets);
  const offset: [number, number] = [
    (insets.left - insets.right) / 2,
    (insets.top - insets.bottom) / 2,
  ];
  if (command.type === 'center') {
    return {
      kind: 'ease',
      center: command.center,
      ...(command.zoom !== undefined ? { zoom: command.zoom } : {}),
      offset,
      duration,
    };
  }
  const bounds = boundsOf(command.points);
  if (!bounds) return null;
  if (bounds.west === bounds.east && bounds.south === bounds.north) {
    // One place (or everyone on one spot): the place zoom, not the closest zoom there is.
    return {
      kind: 'ease',
      center: { lat: bounds.south, lon: bounds.west },
      zoom: PLACE_ZOOM,
      offset,
      duration,
    };
  }
  const pad = fitPadding(viewport);
  return {
    kind: 'bounds',
    bounds,
    padding: {
      top: pad + insets.top,
      right: pad + insets.right,
      bottom: pad + insets.bottom,
      left: pad + insets.left,
    },
    maxZoom: FIT_MAX_ZOOM,
    duration,
  };
}
