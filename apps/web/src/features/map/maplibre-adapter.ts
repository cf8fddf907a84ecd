/**
 * A street map drawn by MapLibre GL JS (maplibre-gl, bundled from npm) from the MapLibre/Mapbox GL
 * style JSON that GET /api/maps/token names (`provider: 'maplibre'`). This module is only ever
 * loaded with a dynamic import: the library, its stylesheet and its worker come as lazy files, and
 * no other page (the landing page above all) downloads them.
 */
import {
  LngLatBounds,
  Map as MapLibreMap,
  Marker,
  setWorkerUrl,
  type MapOptions,
} from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
// The worker is its own module file, served from our origin (the CSP's worker-src 'self').
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import type { CameraCommand } from './camera';
import { MAX_ZOOM, MIN_ZOOM } from './constants';
import { DOT_TOP_OFFSET_PX, isPinMarker, layoutMarkerLabels, markerElement } from './html-markers';
import type { DrawnMarker } from './markers';
import { watchPresses } from './press-picker';
import { planCamera } from './sdk-camera';
import { startSdkMap, type SdkMapHandle, type SdkMapOptions } from './sdk-map-handle';

/** How long the style may take to load before our own map takes over. */
export const MAPLIBRE_READY_TIMEOUT_MS = 10_000;

const KEYBOARD_KEYS = new Set([
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  '+',
  '=',
  '-',
  '_',
]);

export function createMapLibreMap(
  container: HTMLElement,
  /**
   * onPick: a press without a drag, a long-press, or Enter (at the centre); onFailed: an error
   * before its style loaded, or no style within MAPLIBRE_READY_TIMEOUT_MS.
   */
  options: SdkMapOptions & {
    styleUrl: string;
    /** Credited besides the style's own sources' attributions (MAP_ATTRIBUTION). */
    attribution: string;
    /** The drawing's accessible name. */
    label: string;
  },
): SdkMapHandle {
  setWorkerUrl(workerUrl);
  const settings: MapOptions = {
    container,
    style: options.styleUrl,
    center: [options.camera.center.lon, options.camera.center.lat],
    zoom: options.camera.zoom,
    minZoom: MIN_ZOOM,
    maxZoom: MAX_ZOOM,
    // The credits stay open at every width (compact would fold them behind a button on phones).
    attributionControl: { compact: false, customAttribution: options.attribution },
    renderWorldCopies: true,
    // North stays up, as on the offline map and Azure Maps.
    dragRotate: false,
    pitchWithRotate: false,
    touchPitch: false,
    locale: { 'Map.Title': options.label },
  };
  const map = new MapLibreMap(settings);
  map.touchZoomRotate.disableRotation();
  map.keyboard.disableRotation();

  let drawn: Marker[] = [];
  let wanted: readonly DrawnMarker[] = [];
  let labels: HTMLElement[] = [];
  const viewport = () => ({ width: container.clientWidth, height: container.clientHeight });

  // Labels step aside (html-markers.ts), laid out again whenever the camera comes to rest.
  const layoutLabels = () => {
    const pixels = wanted.map((m) => map.project([m.lon, m.lat]));
    layoutMarkerLabels(wanted, pixels, labels, viewport());
  };

  const drawMarkers = (markers: readonly DrawnMarker[]) => {
    wanted = markers;
    for (const m of drawn) m.remove();
    const elements = wanted.map(markerElement);
    labels = elements.map((el) => el.querySelector<HTMLElement>('.smap-hlabel')!);
    drawn = wanted.map((m, i) =>
      // Pins stand on their point; dots (22 px) are centred on it, their label below.
      new Marker({
        element: elements[i]!,
        ...(isPinMarker(m)
          ? { anchor: 'bottom' as const }
          : { anchor: 'top' as const, offset: [0, DOT_TOP_OFFSET_PX] as [number, number] }),
      })
        .setLngLat([m.lon, m.lat])
        .addTo(map),
    );
    layoutLabels();
  };

  const apply = (command: CameraCommand) => {
    const plan = planCamera(command, viewport(), map.getZoom());
    if (!plan) return;
    if (plan.kind === 'bounds') {
      const { west, south, east, north } = plan.bounds;
      map.fitBounds(new LngLatBounds([west, south], [east, north]), {
        padding: plan.padding,
        maxZoom: plan.maxZoom,
        duration: plan.duration,
      });
      return;
    }
    map.easeTo({
      ...(plan.center ? { center: [plan.center.lon, plan.center.lat] as [number, number] } : {}),
      ...(plan.zoom !== undefined ? { zoom: plan.zoom } : {}),
      offset: plan.offset,
      duration: plan.duration,
    });
  };

  const canvas = map.getCanvas();
  const start = startSdkMap(
    {
      draw: drawMarkers,
      move: apply,
      resize: () => map.resize(),
      dispose: () => {
        stopPresses();
        canvas.removeEventListener('keydown', onKey);
        map.remove();
      },
    },
    MAPLIBRE_READY_TIMEOUT_MS,
    options.onFailed,
  );
  // Before the style loads, an error (the style or the worker would not load) means no map; after
  // it, a tile that fails leaves a gap and the rest of the map.
  map.on('error', start.fail);
  map.once('style.load', start.ready);
  map.on('moveend', layoutLabels);
  map.on('wheel', () => options.onInteraction('wheel'));

  const stopPresses = watchPresses(canvas, {
    onInteraction: options.onInteraction,
    pick: (point) => {
      const at = map.unproject([point.x, point.y]).wrap();
      options.onPick({ lat: at.lat, lon: at.lng });
    },
  });
  const onKey = (event: KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (KEYBOARD_KEYS.has(event.key)) options.onInteraction('keyboard');
    if (event.key !== 'Enter') return;
    // Enter drops a pin at the centre of the map, as on the offline map.
    event.preventDefault();
    const center = map.getCenter().wrap();
    options.onPick({ lat: center.lat, lon: center.lng });
  };
  canvas.addEventListener('keydown', onKey);

  return start.handle;
}
