/**
 * What the page says about the viewer's position, from the location status (doc 1 §4) and a
 * starting address picked by search: one notice (the doc 1 §2 overlay texts) and one short note,
 * never contradicting each other, and the origin used for travel times. Pure, no DOM.
 */
import { locationOverlay, type LocationState } from './location-machine';
import { LOCATION_UI } from './location-texts';
import { SESSION_UI } from '../texts';

/** A place picked by search as where the viewer leaves from. */
export interface StartingAddress {
  name: string;
  lat: number;
  lon: number;
}

export type OriginSource = 'device' | 'address' | 'cache';
export interface Origin {
  lat: number;
  lon: number;
  source: OriginSource;
}

/**
 * Where the viewer leaves from: a live device position (not when denied), else the starting
 * address they picked, else the cached position (never when location is denied: 'Location
 * required' must not quietly use an old place).
 */
export function originOf(state: LocationState, start: StartingAddress | null): Origin | null {
  const p = state.position;
  if (p && !state.fromCache && state.status !== 'denied')
    return { lat: p.latitude, lon: p.longitude, source: 'device' };
  if (start) return { lat: start.lat, lon: start.lon, source: 'address' };
  if (p && state.fromCache && state.status !== 'denied')
    return { lat: p.latitude, lon: p.longitude, source: 'cache' };
  return null;
}

export interface LocationNotice {
  title: string;
  message: string | null;
  /** 'Finding your location…': no buttons, no address search. */
  busy: boolean;
  /** Offer the starting address search (a signed-in member, or the creator of a new session). */
  offerAddress: boolean;
}

export interface LocationView {
  notice: LocationNotice | null;
  note: string | null;
  origin: Origin | null;
}

/**
 * The notice and the note. The note says where the position comes from: live sharing, the
 * starting address, or the last known location — the latter never beside 'Location required'.
 */
export function locationView(
  state: LocationState,
  input: { start: StartingAddress | null; member: boolean; canSetAddress: boolean },
): LocationView {
  const origin = originOf(state, input.start);
  const overlay = locationOverlay(state);
  const notice: LocationNotice | null = overlay
    ? { ...overlay, offerAddress: !overlay.busy && input.canSetAddress }
    : null;
  let note: string | null = null;
  if (origin?.source === 'device') {
    // A failure after a live fix: that fix is now the last known location.
    if (state.status === 'error') note = SESSION_UI.locationCached;
    else note = state.tracking && input.member ? SESSION_UI.locationTracking : null;
  } else if (origin?.source === 'address' && input.start) {
    note = LOCATION_UI.startingFrom(input.start.name);
  } else if (origin?.source === 'cache') {
    note = SESSION_UI.locationCached;
  }
  return { notice, note, origin };
}
