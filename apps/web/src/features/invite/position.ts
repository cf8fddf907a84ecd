import { FALLBACK_INVITE_POSITION } from '@oneeta/contracts';
import type { LatLon } from '../../api/invites';
import { LOCATION_MESSAGES, type LocationFailureKind } from '../../lib/location-messages';

/**
 * The invite accept position request (doc 1 §9): high accuracy, maximumAge 60 s, timeout 10 s.
 * @oneeta/contracts has no geolocation constants, so they are named here.
 */
export const INVITE_POSITION_MAX_AGE_MS = 60_000;
export const INVITE_POSITION_TIMEOUT_MS = 10_000;
export const INVITE_POSITION_OPTIONS: PositionOptions = {
  enableHighAccuracy: true,
  maximumAge: INVITE_POSITION_MAX_AGE_MS,
  timeout: INVITE_POSITION_TIMEOUT_MS,
};

export type PositionFailure = Exclude<LocationFailureKind, 'blocked'>;
export type PositionOutcome =
  { ok: true; position: LatLon } | { ok: false; reason: PositionFailure };

/** GeolocationPositionError codes: 1 PERMISSION_DENIED, 2 POSITION_UNAVAILABLE, 3 TIMEOUT. */
export function positionFailureOf(code: number): PositionFailure {
  if (code === 1) return 'denied';
  if (code === 3) return 'timeout';
  return 'unavailable';
}

/** The doc 1 §8 location message for a failure. */
export function positionFailureMessage(reason: PositionFailure): string {
  return LOCATION_MESSAGES[reason];
}

/** One position for accepting an invite; never rejects. */
export function requestInvitePosition(
  geolocation: Geolocation | undefined = typeof navigator === 'undefined'
    ? undefined
    : navigator.geolocation,
): Promise<PositionOutcome> {
  if (!geolocation) return Promise.resolve({ ok: false, reason: 'unsupported' });
  return new Promise((resolve) => {
    try {
      geolocation.getCurrentPosition(
        (p) => resolve({ ok: true, position: { lat: p.coords.latitude, lon: p.coords.longitude } }),
        (error) => resolve({ ok: false, reason: positionFailureOf(error.code) }),
        INVITE_POSITION_OPTIONS,
      );
    } catch {
      resolve({ ok: false, reason: 'unavailable' });
    }
  });
}

/** Where the manual address search is biased: the device, else the destination, else the fallback. */
export function searchOrigin(device: LatLon | null, destination: LatLon | null): LatLon {
  return device ?? destination ?? { ...FALLBACK_INVITE_POSITION };
}

/** A confirmed place's position, or undefined when it lacks usable coordinates. */
export function placePosition(place: {
  position?: { lat?: unknown; lon?: unknown } | null;
}): LatLon | undefined {
  const lat = place.position?.lat;
  const lon = place.position?.lon;
  if (typeof lat !== 'number' || typeof lon !== 'number') return undefined;
  if (!Number.isFinite(lat) || !Number.isFinite(lon)) return undefined;
  if (Math.abs(lat) > 90 || Math.abs(lon) > 180) return undefined;
  return { lat, lon };
}
