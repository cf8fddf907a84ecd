import { useEffect, useRef } from 'react';
import { sendLocation } from '../../../api/sessions';
import { movedBetween, type LocationFix } from './location-machine';

const DEVICE_MAX_CHARS = 300;
const MAX_ACCURACY_M = 100_000;

/** The PUT /api/location body of a fix (doc 1 §3 "Device location record", plus the device). */
export function locationBody(fix: LocationFix) {
  const device =
    typeof navigator === 'undefined' ? undefined : navigator.userAgent.slice(0, DEVICE_MAX_CHARS);
  return {
    latitude: fix.latitude,
    longitude: fix.longitude,
    accuracy: Math.min(Math.max(fix.accuracy, 0), MAX_ACCURACY_M),
    altitude: fix.altitude ?? null,
    altitudeAccuracy:
      fix.altitudeAccuracy != null && fix.altitudeAccuracy >= 0 ? fix.altitudeAccuracy : null,
    heading: fix.heading != null && fix.heading >= 0 && fix.heading <= 360 ? fix.heading : null,
    speed: fix.speed != null && fix.speed >= 0 ? fix.speed : null,
    timestamp: Math.max(1, Math.round(fix.timestamp)),
    ...(device ? { device } : {}),
  };
}

/**
 * Shares the viewer's live position with the sessions they take part in: each new position goes to
 * PUT /api/location at once, which stores it on the viewer's participant row of every open session
 * they are in (the session's frame then shows it to everyone, this page included). `fix` is null
 * (nothing sent) for a cached position or once the viewer left; `enabled` false (not a member,
 * guest, closed) sends nothing. Failures are retried on the next move.
 */
export function useLocationSync(meId: string | null, fix: LocationFix | null, enabled: boolean) {
  const sent = useRef<LocationFix | null>(null);

  useEffect(() => {
    if (!enabled) sent.current = null;
  }, [enabled]);

  useEffect(() => {
    if (!enabled || !meId || !fix || !movedBetween(sent.current, fix)) return;
    sent.current = fix;
    let cancelled = false;
    sendLocation(locationBody(fix)).catch(() => {
      if (!cancelled) sent.current = null;
    });
    return () => {
      cancelled = true;
    };
  }, [enabled, meId, fix]);
}
