/**
 * What the SDK map adapters (Azure Maps, MapLibre) share, without an SDK import: the options every
 * adapter takes, and the handle the views drive, which holds markers and a camera command until the
 * map is ready and reports a map that never gets there.
 */
import type { CameraCommand } from './camera';
import type { MapInput } from './follow';
import type { DrawnMarker } from './markers';
import type { Camera } from './projection';
import type { LatLon } from './types';

export interface SdkMapHandle {
  setMarkers(markers: readonly DrawnMarker[]): void;
  apply(command: CameraCommand): void;
  resize(): void;
  dispose(): void;
}

/** What every adapter is given besides its own settings. */
export interface SdkMapOptions {
  camera: Camera;
  onInteraction: (input: MapInput) => void;
  /** A press without a drag picked this point: drop a pin. */
  onPick: (point: LatLon) => void;
  /** The map could not start: an error before it was ready, or not ready within its timeout. */
  onFailed: () => void;
}

/** The adapter's own drawing: called only once the map is ready (dispose at any time). */
export interface SdkMapDrawing {
  draw(markers: readonly DrawnMarker[]): void;
  move(command: CameraCommand): void;
  resize(): void;
  dispose(): void;
}

/**
 * The handle of a map the SDK is starting: markers and the latest camera command wait until the
 * adapter calls `ready()` and are drawn then; `fail()` (an error before that), or no `ready()`
 * within `timeoutMs`, calls `onFailed` once and the map stays blank for our own to take over.
 */
export function startSdkMap(drawing: SdkMapDrawing, timeoutMs: number, onFailed: () => void) {
  let ready = false;
  let failed = false;
  let pending: CameraCommand | null = null;
  let wanted: readonly DrawnMarker[] = [];
  const fail = () => {
    if (ready || failed) return;
    failed = true;
    onFailed();
  };
  const timer = window.setTimeout(fail, timeoutMs);
  const handle: SdkMapHandle = {
    setMarkers(markers) {
      wanted = markers;
      if (ready) drawing.draw(markers);
    },
    apply(command) {
      if (ready) drawing.move(command);
      else pending = command;
    },
    resize: () => drawing.resize(),
    dispose() {
      window.clearTimeout(timer);
      drawing.dispose();
    },
  };
  return {
    handle,
    fail,
    ready() {
      window.clearTimeout(timer);
      if (failed) return;
      ready = true;
      drawing.draw(wanted);
      if (pending) drawing.move(pending);
      pending = null;
    },
  };
}
