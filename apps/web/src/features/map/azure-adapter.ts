/**
 * Azure Maps (azure-maps-control, bundled from npm). This module is only ever loaded with a dynamic
 * import, when GET /api/maps/token says `provider: 'azure'`: the SDK and its stylesheet then come
 * as one lazy chunk, and no other page (the landing page above all) downloads them.
 */
import * as atlas from 'azure-maps-control';
import 'azure-maps-control/dist/atlas.min.css';
import type { CameraCommand } from './camera';
import { FIT_MAX_ZOOM, MAX_ZOOM, MIN_ZOOM, PLACE_ZOOM } from './constants';
import { fitPadding, usableInsets } from './fit';
import { DOT_TOP_OFFSET_PX, isPinMarker, layoutMarkerLabels, markerElement } from './html-markers';
import type { DrawnMarker } from './markers';
import { startSdkMap, type SdkMapHandle, type SdkMapOptions } from './sdk-map-handle';

/** How the SDK authenticates (from the token call). */
export type AzureAuth =
  | { authType: 'aad'; clientId: string; getToken: () => Promise<string> }
  | { authType: 'subscriptionKey'; subscriptionKey: string };

const CAMERA_MOVE_MS = 300;
/** How long the SDK may take to fetch its style and become ready before our own map takes over. */
export const AZURE_READY_TIMEOUT_MS = 10_000;

/** The SDK's auth options: 'aad' as anonymous auth with our token callback, else the subscription key. */
function authOptions(auth: AzureAuth): atlas.AuthenticationOptions {
  if (auth.authType === 'aad') {
    return {
      authType: atlas.AuthenticationType.anonymous,
      clientId: auth.clientId,
      getToken: (resolve, reject) => {
        auth.getToken().then(resolve, reject);
      },
    };
  }
  return {
    authType: atlas.AuthenticationType.subscriptionKey,
    subscriptionKey: auth.subscriptionKey,
  };
}

export function createAzureMap(
  container: HTMLElement,
  /** onPick: a click or tap without a drag (the SDK's 'click'); onFailed: an error before 'ready', or no 'ready' within AZURE_READY_TIMEOUT_MS. */
  options: SdkMapOptions & { auth: AzureAuth },
): SdkMapHandle {
  const map = new atlas.Map(container, {
    authOptions: authOptions(options.auth),
    center: [options.camera.center.lon, options.camera.center.lat],
    zoom: options.camera.zoom,
    minZoom: MIN_ZOOM,
    maxZoom: MAX_ZOOM,
    language: 'en-US',
    style: 'road',
    showFeedbackLink: false,
    renderWorldCopies: true,
  });
  let drawn: atlas.HtmlMarker[] = [];
  let wanted: readonly DrawnMarker[] = [];
  let labels: HTMLElement[] = [];

  // Labels step aside (html-markers.ts), laid out again whenever the camera comes to rest.
  const layoutLabels = () => {
    if (wanted.length === 0) return;
    const pixels = map.positionsToPixels(wanted.map((m) => [m.lon, m.lat]));
    const bounds = { width: container.clientWidth, height: container.clientHeight };
    layoutMarkerLabels(
      wanted,
      pixels.map((p) => ({ x: p[0] ?? 0, y: p[1] ?? 0 })),
      labels,
      bounds,
    );
  };

  const drawMarkers = (markers: readonly DrawnMarker[]) => {
    wanted = markers;
    for (const m of drawn) map.markers.remove(m);
    const elements = wanted.map(markerElement);
    labels = elements.map((el) => el.querySelector<HTMLElement>('.smap-hlabel')!);
    drawn = wanted.map(
      (m, i) =>
        new atlas.HtmlMarker({
          position: [m.lon, m.lat],
          htmlContent: elements[i]!,
          // Pins stand on their point; dots (22 px) are centred on it, their label below.
          ...(isPinMarker(m)
            ? { anchor: 'bottom' as const }
            : { anchor: 'top' as const, pixelOffset: [0, DOT_TOP_OFFSET_PX] }),
        }),
    );
    if (drawn.length > 0) map.markers.add(drawn);
    layoutLabels();
  };

  const apply = (command: CameraCommand) => {
    const type = 'ease' as const;
    if (command.type === 'zoomBy') {
      const zoom = (map.getCamera().zoom ?? PLACE_ZOOM) + command.delta;
      map.setCamera({ zoom, type, duration: CAMERA_MOVE_MS });
      return;
    }
    const duration = command.animate ? CAMERA_MOVE_MS : 0;
    const viewport = { width: container.clientWidth, height: container.clientHeight };
    const insets = usableInsets(viewport, command.insets);
    // The point shows in the middle of the area the overlays leave free.
    const centerOffset = [(insets.left - insets.right) / 2, (insets.top - insets.bottom) / 2];
    if (command.type === 'center') {
      map.setCamera({
        center: [command.center.lon, command.center.lat],
        ...(command.zoom !== undefined ? { zoom: command.zoom } : {}),
        centerOffset,
        type,
        duration,
      });
      return;
    }
    const points = command.points;
    if (points.length === 0) return;
    const first = points[0]!;
    const same = points.every((p) => p.lat === first.lat && p.lon === first.lon);
    if (same) {
      map.setCamera({
        center: [first.lon, first.lat],
        zoom: PLACE_ZOOM,
        centerOffset,
        type,
        duration,
      });
      return;
    }
    const pad = fitPadding(viewport);
    map.setCamera({
      bounds: atlas.data.BoundingBox.fromLatLngs(points.map((p) => [p.lat, p.lon])),
      padding: {
        top: pad + insets.top,
        right: pad + insets.right,
        bottom: pad + insets.bottom,
        left: pad + insets.left,
      },
      maxZoom: FIT_MAX_ZOOM,
      type,
      duration,
    });
  };

  const start = startSdkMap(
    {
      draw: drawMarkers,
      move: apply,
      resize: () => map.resize(),
      dispose: () => map.dispose(),
    },
    AZURE_READY_TIMEOUT_MS,
    options.onFailed,
  );
  map.events.add('error', start.fail);
  map.events.add('ready', start.ready);
  map.events.add('moveend', layoutLabels);
  map.events.add('mousedown', () => options.onInteraction('pointer'));
  map.events.add('touchstart', () => options.onInteraction('touch'));
  map.events.add('wheel', () => options.onInteraction('wheel'));
  // The SDK fires 'click' only for a press that did not pan the map (its click tolerance).
  map.events.add('click', (event: atlas.MapMouseEvent) => {
    const at = event.position;
    if (at && at.length >= 2) options.onPick({ lat: at[1]!, lon: at[0]! });
  });

  return start.handle;
}
