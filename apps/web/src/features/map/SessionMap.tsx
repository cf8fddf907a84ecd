/**
 * The map component (doc 1 §2 "Map component", §4 follow mode and pick-a-place, §9 zoom): Azure
 * Maps or a MapLibre street map when the token call says so (the SDK loads lazily), otherwise, or
 * when the SDK fails, our own offline map. Place search with results, select then 'Confirm'; expand/collapse; 'Following'
 * badge with Stop; the coachmark 'Start by searching here'; fit-to-all and zoom controls.
 */
import { MAP_RESULTS_LIMIT } from '@oneeta/contracts';
import {
  useCallback,
  useEffect,
  useEffectEvent,
  useId,
  useMemo,
  useReducer,
  useRef,
  useState,
} from 'react';
import { AzureMapView } from './AzureMapView';
import type { CameraCommand } from './camera';
import { DEFAULT_CENTER, DEFAULT_ZOOM, PLACE_ZOOM, USER_ZOOM } from './constants';
import {
  FOLLOW_IDLE,
  followCenter,
  followReducer,
  isFollowing,
  shouldAutoFit,
  type FollowTarget,
  type MapInput,
} from './follow';
import { destinationConfirmed, destinationKey, withMarkerRoom, type Insets } from './fit';
import { MapControls } from './MapControls';
import { MapLibreView } from './MapLibreView';
import { describeMarker, drawnMarkers, fitPoints, pointsFingerprint } from './markers';
import { OfflineMap } from './OfflineMap';
import { overlayInsets } from './overlay-insets';
import { PlaceSearch } from './PlaceSearch';
import { MAP_SPEC, MAP_UI } from './texts';
import type { LatLon, MapDestination, MapFocus, MapMarker, SelectedPlace } from './types';
import { useFirstHints } from './use-first-hints';
import { useMapProvider } from './use-map-token';
import './map.css';

export interface SessionMapProps {
  destination: MapDestination | null;
  markers: MapMarker[];
  /** Disables search, selection and confirmation (a read-only or closed session). */
  readonly?: boolean;
  sessionId?: string;
  /** The user's position: search results are biased to it, and an empty map shows it at zoom 16. */
  near?: LatLon | null;
  /** How many search results to show (MAP_RESULTS_LIMIT, 5; the session and invite pages pass 6). */
  searchLimit?: number;
  onPlaceConfirmed?: (place: SelectedPlace) => void;
  /** Each new key centers the map on the point (and may start following, see MapFocus). */
  focus?: MapFocus | null;
  /** The page hides the map on narrow screens ('Show map' brings it back); the map keeps its state. */
  hidden?: boolean;
}

const now = () => performance.now();

export function SessionMap({
  destination,
  markers,
  readonly = false,
  sessionId,
  near = null,
  searchLimit = MAP_RESULTS_LIMIT,
  onPlaceConfirmed,
  focus = null,
  hidden = false,
}: SessionMapProps) {
  const provider = useMapProvider(sessionId);
  const [sdkFailure, setSdkFailure] = useState<string | null>(null);
  const [expanded, setExpanded] = useState(true);
  const [selected, setSelected] = useState<SelectedPlace | null>(null);
  const [follow, dispatchFollow] = useReducer(followReducer, FOLLOW_IDLE);
  const [command, setCommand] = useState<CameraCommand | null>(null);
  const seq = useRef(0);
  /** The user (pan, zoom) or the page (center, a selected result) chose the view: no auto-fit until 'Fit all' or Stop. */
  const cameraHeld = useRef(false);
  const following = isFollowing(follow);

  const frameRef = useRef<HTMLDivElement>(null);
  const topRef = useRef<HTMLDivElement>(null);
  /**
   * What the overlays cover, measured when the browser reports a new size of the frame or of the
   * overlays (layout is clean then: no layout forced in the middle of React's commits).
   */
  const covers = useRef<Record<'search' | 'all', Insets> | null>(null);

  /**
   * A camera request, with what the overlays cover at this moment: the search box ('search'), or
   * the search box with its open results ('all', when a result is selected).
   */
  const issue = useCallback(
    (
      request: DistributiveOmit<CameraCommand, 'seq' | 'insets'>,
      cover: 'search' | 'all' = 'search',
    ) => {
      seq.current += 1;
      const covered =
        covers.current?.[cover] ?? overlayInsets(frameRef.current, topRef.current, cover);
      const insets = request.type === 'fit' ? withMarkerRoom(covered) : covered;
      setCommand({ ...request, insets, seq: seq.current } as CameraCommand);
    },
    [],
  );

  const drawn = useMemo(
    () =>
      drawnMarkers({
        destination,
        markers,
        selected: selected
          ? { id: selected.id, name: selected.name, position: selected.position }
          : null,
      }),
    [destination, markers, selected],
  );
  const points = useMemo(() => fitPoints(drawn), [drawn]);
  const fingerprint = pointsFingerprint(points);

  // Auto-fit: on first load (the first time there is something to show), then when the points
  // change while nothing is followed and the camera is free.
  const fitted = useRef<string | null>(null);
  const autoFit = useEffectEvent(() => {
    // The first fit waits for the overlays' first measurement (the resize observer below).
    if (covers.current === null || points.length === 0 || fitted.current === fingerprint) return;
    const firstLoad = fitted.current === null;
    if (
      shouldAutoFit({ firstLoad, following, cameraHeld: cameraHeld.current, pointsChanged: true })
    ) {
      issue({ type: 'fit', points, animate: !firstLoad });
    }
    fitted.current = fingerprint;
  });
  // A newly confirmed destination (from the map's search or the details form) is shown with
  // everyone, the viewer's own marker included: it ends any hold or following, and fits all.
  const confirmedKey = destinationKey(destination);
  const lastDestination = useRef(confirmedKey);
  const fitDestination = useEffectEvent(() => {
    const previous = lastDestination.current;
    lastDestination.current = confirmedKey;
    if (!destinationConfirmed(previous, confirmedKey) || fitted.current === null) return;
    cameraHeld.current = false;
    dispatchFollow({ type: 'stop' });
    issue({ type: 'fit', points, animate: true });
    fitted.current = fingerprint;
  });
  useEffect(() => fitDestination(), [confirmedKey]);
  useEffect(() => autoFit(), [fingerprint]);

  // With nothing to show yet, the user's position appears at zoom 16 once known.
  const nearKey = near ? `${near.lat.toFixed(4)},${near.lon.toFixed(4)}` : null;
  const showNear = useEffectEvent(() => {
    if (!near || points.length > 0 || cameraHeld.current || following) return;
    issue({ type: 'center', center: near, zoom: USER_ZOOM, animate: true });
  });
  useEffect(() => {
    if (nearKey) showNear();
  }, [nearKey]);

  // Following: the camera tracks the followed participant or position.
  const target = followCenter(follow, markers);
  const trackKey = target ? `${target.lat},${target.lon}` : null;
  /** The point the last focus centered on: following starts there, with no second move. */
  const focusedKey = useRef<string | null>(null);
  const track = useEffectEvent(() => {
    if (!target || trackKey === focusedKey.current) return;
    focusedKey.current = null;
    issue({ type: 'center', center: target, animate: true });
  });
  useEffect(() => {
    if (trackKey) track();
  }, [trackKey]);

  // focus (arrival panel 'Center on map' / 'Find on map'): center once per key, maybe follow.
  const applyFocus = useEffectEvent(() => {
    if (!focus) return;
    cameraHeld.current = true;
    if (focus.mode === 'follow') {
      const followed: FollowTarget = focus.participantId
        ? { kind: 'participant', id: focus.participantId }
        : { kind: 'position', position: { lat: focus.lat, lon: focus.lon } };
      dispatchFollow({ type: 'start', target: followed, at: now() });
    } else {
      dispatchFollow({ type: 'stop' });
    }
    focusedKey.current = `${focus.lat},${focus.lon}`;
    issue({
      type: 'center',
      center: { lat: focus.lat, lon: focus.lon },
      zoom: PLACE_ZOOM,
      animate: true,
    });
  });
  const focusKey = focus?.key ?? null;
  useEffect(() => {
    if (focusKey !== null) applyFocus();
  }, [focusKey]);

  const onInteraction = useCallback((input: MapInput) => {
    cameraHeld.current = true;
    dispatchFollow({ type: 'interaction', input, at: now() });
  }, []);

  const stopFollowing = () => {
    dispatchFollow({ type: 'stop' });
    cameraHeld.current = false;
  };

  const fitAll = () => {
    cameraHeld.current = false;
    dispatchFollow({ type: 'stop' });
    if (points.length > 0) issue({ type: 'fit', points, animate: true });
    else if (near) issue({ type: 'center', center: near, zoom: USER_ZOOM, animate: true });
    else issue({ type: 'center', center: DEFAULT_CENTER, zoom: DEFAULT_ZOOM, animate: true });
  };

  // A press on the map (not a drag) drops a pin: the search shows it as the selected place.
  const [pin, setPin] = useState<{ key: number; position: LatLon } | null>(null);
  const onPick = useCallback((position: LatLon) => {
    setPin((old) => ({ key: (old?.key ?? 0) + 1, position }));
  }, []);

  const onSelect = useCallback(
    (place: SelectedPlace | null, how: 'pin' | 'result' = 'result') => {
      setSelected(place);
      // A pin stays where it was dropped, under the finger: the camera does not move for it.
      if (place && how === 'pin') {
        cameraHeld.current = true;
        dispatchFollow({ type: 'stop' });
      } else if (place) {
        cameraHeld.current = true;
        dispatchFollow({ type: 'stop' });
        issue({ type: 'center', center: place.position, zoom: PLACE_ZOOM, animate: true }, 'all');
      }
    },
    [issue],
  );

  const onConfirm = useCallback(
    (place: SelectedPlace) => {
      // The pick is done: from now on changes fit everyone again.
      cameraHeld.current = false;
      onPlaceConfirmed?.(place);
    },
    [onPlaceConfirmed],
  );

  // A resized map (expand/collapse, a turned phone, the window) fits everyone again when the camera is free.
  const refit = useEffectEvent(() => {
    if (cameraHeld.current || following || points.length === 0 || fitted.current === null) return;
    issue({ type: 'fit', points, animate: false });
  });
  // The observer also measures what the overlays cover (the search box grows with its results).
  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    const measure = () => {
      const top = topRef.current;
      covers.current = {
        search: overlayInsets(frame, top, 'search'),
        all: overlayInsets(frame, top, 'all'),
      };
    };
    if (typeof ResizeObserver === 'undefined') {
      measure();
      autoFit();
      return;
    }
    let last: string | null = null;
    const observer = new ResizeObserver(() => {
      measure();
      const { width, height } = frame.getBoundingClientRect();
      if (width >= 1 && height >= 1) {
        const size = `${Math.round(width)}x${Math.round(height)}`;
        if (last !== null && size !== last) refit();
        last = size;
      }
      autoFit();
    });
    observer.observe(frame);
    if (topRef.current) observer.observe(topRef.current);
    return () => observer.disconnect();
  }, []);

  // The coachmark and the search pulse, on a map whose destination is still to be chosen.
  const { coachmark, pulse, dismissCoachmark } = useFirstHints(!readonly && !destination);
  const searchInput = useRef<HTMLInputElement>(null);
  const coachmarkId = useId();
  // Once a place is selected (a result or a pin) the hint has done its job.
  const showCoachmark = coachmark && !readonly && !selected;

  const initial = useMemo(() => ({ points, near }), [points, near]);
  const viewProps = {
    markers: drawn,
    command,
    initial,
    onInteraction,
    visible: !hidden,
    ...(readonly ? {} : { onPick }),
  };
  const offlineReason = provider.kind === 'offline' ? provider.reason : sdkFailure;
  const showOffline = provider.kind === 'offline' || (provider.kind !== 'loading' && sdkFailure);

  return (
    <section className="smap" hidden={hidden} aria-label={MAP_UI.regionLabel}>
      <div
        ref={frameRef}
        className="smap-frame"
        data-expanded={expanded}
        data-provider={showOffline ? 'offline' : provider.kind}
      >
        <div className="smap-view">
          {provider.kind === 'loading' ? (
            <p className="smap-loading" role="status">
              {MAP_UI.loadingMap}
            </p>
          ) : showOffline ? (
            <OfflineMap {...viewProps} />
          ) : provider.kind === 'maplibre' ? (
            <MapLibreView {...viewProps} style={provider.style} onFailed={setSdkFailure} />
          ) : (
            <AzureMapView
              {...viewProps}
              token={provider.token}
              sessionId={sessionId}
              onFailed={setSdkFailure}
            />
          )}
        </div>

        <div ref={topRef} className="smap-top">
          <PlaceSearch
            limit={searchLimit}
            near={near}
            {...(sessionId ? { sessionId } : {})}
            readonly={readonly}
            onConfirm={onConfirm}
            onSelect={onSelect}
            pulse={pulse}
            inputRef={searchInput}
            pin={readonly ? null : pin}
            pinHint={!readonly}
            {...(showCoachmark ? { describedBy: coachmarkId } : {})}
          />
          {showCoachmark && (
            // A pointer hint, not a tab stop: the search box it points at is the next stop, and
            // it carries the coachmark's words as its description.
            <button
              id={coachmarkId}
              type="button"
              tabIndex={-1}
              aria-hidden="true"
              className="smap-coachmark"
              onClick={() => {
                dismissCoachmark();
                searchInput.current?.focus();
              }}
            >
              {MAP_SPEC.coachmark}
            </button>
          )}
        </div>

        <MapControls
          expanded={expanded}
          onToggleExpanded={() => setExpanded((e) => !e)}
          onZoom={(delta) => issue({ type: 'zoomBy', delta })}
          onFitAll={fitAll}
          following={following}
          onStopFollowing={stopFollowing}
        />

        {showOffline && (
          <p className="smap-notice" role="status">
            {offlineReason ? `${offlineReason} · ${MAP_UI.offlineBadge}` : MAP_UI.offlineBadge}
          </p>
        )}
      </div>

      {drawn.length === 0 ? (
        <p className="visually-hidden">{MAP_UI.noMarkers}</p>
      ) : (
        <ul className="visually-hidden" aria-label={MAP_UI.markersHeading}>
          {drawn.map((m) => (
            <li key={`${m.kind}:${m.id}`}>{describeMarker(m)}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
