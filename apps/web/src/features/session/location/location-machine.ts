import { LOCATION_MESSAGES } from '../../../lib/location-messages';
import { SESSION_SPEC } from '../texts';

/** doc 1 §4 "Location status". */
export type LocationStatus = 'idle' | 'requesting' | 'granted' | 'denied' | 'error';

/** doc 1 §3 "Device location record". */
export interface LocationFix {
  latitude: number;
  longitude: number;
  accuracy: number;
  altitude?: number | null;
  altitudeAccuracy?: number | null;
  heading?: number | null;
  speed?: number | null;
  /** Milliseconds since the epoch, when the device measured it. */
  timestamp: number;
}

/** doc 1 §9 "Position request": high accuracy, timeout 10 s; one-time maximumAge 0, tracking 5 s. */
export const POSITION_TIMEOUT_MS = 10_000;
export const ONE_TIME_POSITION_OPTIONS: PositionOptions = {
  enableHighAccuracy: true,
  timeout: POSITION_TIMEOUT_MS,
  maximumAge: 0,
};
export const TRACKING_POSITION_OPTIONS: PositionOptions = {
  enableHighAccuracy: true,
  timeout: POSITION_TIMEOUT_MS,
  maximumAge: 5_000,
};
/** doc 1 §9: "Accuracy 100 is assumed for a cached location." */
export const CACHED_ACCURACY_M = 100;

/** GeolocationPositionError codes, plus the cases the browser reports otherwise. */
export type LocationFailure = 1 | 2 | 3 | 'blocked' | 'unsupported';
export const PERMISSION_DENIED = 1;
export const POSITION_UNAVAILABLE = 2;
export const TIMEOUT = 3;

export interface LocationState {
  status: LocationStatus;
  /** The last known position: the live one, else the cached one. */
  position: LocationFix | null;
  fromCache: boolean;
  /** watchPosition is running. */
  tracking: boolean;
  /** The doc 1 §8 message of the last failure. */
  message: string | null;
}

export type LocationAction =
  | { type: 'request' }
  | { type: 'position'; fix: LocationFix }
  | { type: 'tracking'; on: boolean }
  | { type: 'failure'; failure: LocationFailure };

/** It starts from the cached location if present (doc 1 §4). */
export function initialLocationState(cached: LocationFix | null): LocationState {
  return {
    status: 'idle',
    position: cached,
    fromCache: cached !== null,
    tracking: false,
    message: null,
  };
}

/** doc 1 §8 "Location". */
export function failureMessage(failure: LocationFailure): string {
  switch (failure) {
    case PERMISSION_DENIED:
      return LOCATION_MESSAGES.denied;
    case 'blocked':
      return LOCATION_MESSAGES.blocked;
    case POSITION_UNAVAILABLE:
      return LOCATION_MESSAGES.unavailable;
    case TIMEOUT:
      return LOCATION_MESSAGES.timeout;
    default:
      return LOCATION_MESSAGES.unsupported;
  }
}

/**
 * idle → requesting → granted | denied | error. A position means granted; a refusal (or a
 * permission already blocked) means denied; unavailable, timeout and no geolocation mean error.
 * While tracking, a timeout is ignored (the watch keeps going); a refusal stops the tracking.
 */
export function locationReducer(state: LocationState, action: LocationAction): LocationState {
  switch (action.type) {
    case 'request':
      return { ...state, status: 'requesting', message: null };
    case 'position':
      return { ...state, status: 'granted', position: action.fix, fromCache: false, message: null };
    case 'tracking':
      return { ...state, tracking: action.on };
    case 'failure': {
      const { failure } = action;
      if (failure === TIMEOUT && state.tracking) return state;
      const denied = failure === PERMISSION_DENIED || failure === 'blocked';
      const status = denied ? 'denied' : 'error';
      const message = failureMessage(failure);
      const tracking = denied || failure === 'unsupported' ? false : state.tracking;
      // The same failure again (a permission known blocked at the first render) changes nothing.
      if (state.status === status && state.message === message && state.tracking === tracking)
        return state;
      return { ...state, status, message, tracking };
    }
  }
}

export type LocationOverlay = { title: string; message: string | null; busy: boolean } | null;

/**
 * The location-permission overlay: 'Finding your location…' while the first position is asked
 * for with nothing known yet, 'Location required' when denied, 'Unable to get location' on error.
 */
export function locationOverlay(state: LocationState): LocationOverlay {
  if (state.status === 'requesting' && state.position === null) {
    return { title: SESSION_SPEC.findingLocation, message: null, busy: true };
  }
  if (state.status === 'denied')
    return { title: SESSION_SPEC.locationRequired, message: state.message, busy: false };
  if (state.status === 'error')
    return { title: SESSION_SPEC.unableToGetLocation, message: state.message, busy: false };
  return null;
}

const isNumber = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);

/** The 'geo:last' entry as stored: the fix and when it was cached. */
export function cacheEntry(fix: LocationFix, now: number): string {
  return JSON.stringify({ ...fix, cachedAt: now });
}

/** Reads 'geo:last'; a cached location is taken with accuracy 100. Null when absent or unreadable. */
export function readCachedFix(raw: string | null): LocationFix | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Record<string, unknown>;
    const { latitude, longitude } = value;
    if (
      !isNumber(latitude) ||
      !isNumber(longitude) ||
      Math.abs(latitude) > 90 ||
      Math.abs(longitude) > 180
    )
      return null;
    const timestamp = isNumber(value.timestamp)
      ? value.timestamp
      : isNumber(value.cachedAt)
        ? value.cachedAt
        : Date.now();
    return { latitude, longitude, accuracy: CACHED_ACCURACY_M, timestamp };
  } catch {
    return null;
  }
}

/** A GeolocationPosition as a plain record (its coords are not spreadable). */
export function fixOf(position: GeolocationPosition): LocationFix {
  const c = position.coords;
  return {
    latitude: c.latitude,
    longitude: c.longitude,
    accuracy: c.accuracy,
    altitude: c.altitude,
    altitudeAccuracy: c.altitudeAccuracy,
    heading: c.heading !== null && Number.isNaN(c.heading) ? null : c.heading,
    speed: c.speed,
    timestamp: Math.round(position.timestamp),
  };
}

/** Whether two fixes are different places at the 6-decimal precision used for change detection. */
export function movedBetween(a: LocationFix | null, b: LocationFix | null): boolean {
  if (!a || !b) return a !== b;
  const r = (x: number) => Math.round(x * 1e6);
  return r(a.latitude) !== r(b.latitude) || r(a.longitude) !== r(b.longitude);
}
