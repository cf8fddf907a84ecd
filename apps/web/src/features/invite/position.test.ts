import { FALLBACK_INVITE_POSITION } from '@oneeta/contracts';
import { describe, expect, it } from 'vitest';
import {
  INVITE_POSITION_OPTIONS,
  placePosition,
  positionFailureMessage,
  positionFailureOf,
  requestInvitePosition,
  searchOrigin,
} from './position';

function fakeGeolocation(
  answer: { coords: { latitude: number; longitude: number } } | { code: number },
) {
  const calls: (PositionOptions | undefined)[] = [];
  const geo = {
    getCurrentPosition: (
      ok: PositionCallback,
      fail?: PositionErrorCallback | null,
      options?: PositionOptions,
    ) => {
      calls.push(options);
      if ('coords' in answer) ok(answer as unknown as GeolocationPosition);
      else fail?.(answer as unknown as GeolocationPositionError);
    },
  } as unknown as Geolocation;
  return { geo, calls };
}

describe('invite accept position', () => {
  it('asks with high accuracy, maximumAge 60 s and timeout 10 s', async () => {
    const { geo, calls } = fakeGeolocation({ coords: { latitude: 47.6, longitude: -122.3 } });
    await expect(requestInvitePosition(geo)).resolves.toEqual({
      ok: true,
      position: { lat: 47.6, lon: -122.3 },
    });
    expect(calls).toEqual([{ enableHighAccuracy: true, maximumAge: 60_000, timeout: 10_000 }]);
    expect(INVITE_POSITION_OPTIONS).toEqual(calls[0]);
  });

  it('maps the browser errors to the spec messages', async () => {
    await expect(requestInvitePosition(fakeGeolocation({ code: 1 }).geo)).resolves.toEqual({
      ok: false,
      reason: 'denied',
    });
    await expect(requestInvitePosition(undefined)).resolves.toEqual({
      ok: false,
      reason: 'unsupported',
    });
    expect(positionFailureOf(2)).toBe('unavailable');
    expect(positionFailureOf(3)).toBe('timeout');
    expect(positionFailureMessage('denied')).toBe(
      'Location permission denied. Please enable it in your browser settings to continue.',
    );
    expect(positionFailureMessage('timeout')).toBe('Location request timed out. Please try again.');
    expect(positionFailureMessage('unavailable')).toBe(
      'Location unavailable. Please check your connection or try again.',
    );
    expect(positionFailureMessage('unsupported')).toBe(
      'Geolocation is not supported by this browser.',
    );
  });
});

describe('manual address', () => {
  it('searches around the device, else the destination, else the fallback position', () => {
    const device = { lat: 1, lon: 2 };
    const destination = { lat: 3, lon: 4 };
    expect(searchOrigin(device, destination)).toEqual(device);
    expect(searchOrigin(null, destination)).toEqual(destination);
    expect(searchOrigin(null, null)).toEqual({ lat: 47.61, lon: -122.33 });
    expect(searchOrigin(null, null)).toEqual(FALLBACK_INVITE_POSITION);
  });

  it('accepts only a place with usable coordinates', () => {
    expect(placePosition({ position: { lat: 47.6, lon: -122.3 } })).toEqual({
      lat: 47.6,
      lon: -122.3,
    });
    expect(placePosition({ position: null })).toBeUndefined();
    expect(placePosition({})).toBeUndefined();
    expect(placePosition({ position: { lat: Number.NaN, lon: 1 } })).toBeUndefined();
    expect(placePosition({ position: { lat: '47', lon: 1 } })).toBeUndefined();
    expect(placePosition({ position: { lat: 95, lon: 1 } })).toBeUndefined();
  });
});
