import { GEO_CACHE_KEY } from '@oneeta/contracts';
import { startTransition, useCallback, useEffect, useReducer, useRef } from 'react';
import { askLocationPermission, knownLocationPermission } from '../../../lib/location-permission';
import {
  cacheEntry,
  fixOf,
  initialLocationState,
  locationReducer,
  ONE_TIME_POSITION_OPTIONS,
  PERMISSION_DENIED,
  readCachedFix,
  TRACKING_POSITION_OPTIONS,
  type LocationAction,
  type LocationFailure,
  type LocationState,
} from './location-machine';

export interface DeviceLocation extends LocationState {
  /** Asks for the position again ('Try again'). */
  retry: () => void;
}

function readCache() {
  try {
    return readCachedFix(localStorage.getItem(GEO_CACHE_KEY));
  } catch {
    return null;
  }
}

function writeCache(value: string) {
  try {
    localStorage.setItem(GEO_CACHE_KEY, value);
  } catch {
    // storage full or disabled: the cache is a convenience only
  }
}

/** The first state: the cached position, and 'Location required' at once when already blocked. */
function firstState(): LocationState {
  const state = initialLocationState(readCache());
  return knownLocationPermission() === 'denied'
    ? locationReducer(state, { type: 'failure', failure: 'blocked' })
    : state;
}

const failureOf = (error: GeolocationPositionError): LocationFailure =>
  error.code === 1 || error.code === 2 || error.code === 3 ? error.code : 2;

/**
 * The device's location (doc 1 §4 "Location status"): starts from 'geo:last', asks once on load
 * when permission is granted or can be prompted (blocked → denied at once), and on grant tracks
 * continuously with watchPosition (a timeout while tracking is ignored). `enabled` false, or
 * unmounting (leaving the page, closing the tab), clears the watch: updates stop.
 */
export function useDeviceLocation(enabled: boolean): DeviceLocation {
  const [state, dispatchNow] = useReducer(locationReducer, null, firstState);
  // Every change is a transition: the page's render for the location's answer (the first screen's
  // largest one) then yields to the browser every few milliseconds instead of running as one long
  // task (issue 13: at ×6 CPU slowdown, /s/{id} 0.91 → 0.95, TBT 261 → 145 ms).
  const dispatch = useCallback(
    (action: LocationAction) => startTransition(() => dispatchNow(action)),
    [],
  );
  const watchId = useRef<number | null>(null);
  const generation = useRef(0);

  const stopWatch = useCallback(() => {
    if (watchId.current !== null) navigator.geolocation?.clearWatch(watchId.current);
    watchId.current = null;
    dispatch({ type: 'tracking', on: false });
  }, [dispatch]);

  const onPosition = useCallback(
    (position: GeolocationPosition) => {
      const fix = fixOf(position);
      writeCache(cacheEntry(fix, Date.now()));
      dispatch({ type: 'position', fix });
    },
    [dispatch],
  );

  const request = useCallback(() => {
    const geo = typeof navigator === 'undefined' ? undefined : navigator.geolocation;
    if (!geo) {
      dispatch({ type: 'failure', failure: 'unsupported' });
      return;
    }
    const mine = ++generation.current;
    dispatch({ type: 'request' });
    geo.getCurrentPosition(
      (position) => {
        if (mine !== generation.current) return;
        onPosition(position);
        if (watchId.current !== null) return;
        watchId.current = geo.watchPosition(
          onPosition,
          (error) => {
            const failure = failureOf(error);
            if (failure === PERMISSION_DENIED) stopWatch();
            dispatch({ type: 'failure', failure });
          },
          TRACKING_POSITION_OPTIONS,
        );
        dispatch({ type: 'tracking', on: true });
      },
      (error) => {
        if (mine !== generation.current) return;
        dispatch({ type: 'failure', failure: failureOf(error) });
      },
      ONE_TIME_POSITION_OPTIONS,
    );
  }, [dispatch, onPosition, stopWatch]);

  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    let status: PermissionStatus | null = null;
    const onChange = () => {
      if (status?.state === 'granted' && watchId.current === null) request();
    };
    const start = async () => {
      status = await askLocationPermission();
      if (cancelled) return;
      status?.addEventListener('change', onChange);
      if (status?.state === 'denied') dispatch({ type: 'failure', failure: 'blocked' });
      else request();
    };
    void start();
    return () => {
      cancelled = true;
      generation.current += 1;
      status?.removeEventListener('change', onChange);
      stopWatch();
    };
  }, [dispatch, enabled, request, stopWatch]);

  return { ...state, retry: request };
}
