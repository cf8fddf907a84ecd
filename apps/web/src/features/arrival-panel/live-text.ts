/**
 * The words of a live state (live-state.ts): 'ETA 3:28 PM · 28 min late', 'At the destination',
 * the joined/invited count. Pure.
 */
import { format } from '@oneeta/contracts';
import { formatWholeMinutes } from '@oneeta/travel';
import { directionsLink, type MapsPlatform } from '../../lib/maps-link';
import type { PanelEntry } from './entries';
import type { LiveKind, LiveState } from './live-state';
import { PANEL_UI } from './texts';

/** '28 min late', '2 h 8 min late'. */
export function lateText(minutes: number): string {
  return format(PANEL_UI.minutesLate, { m: formatWholeMinutes(minutes) });
}

/** 'ETA 3:28 PM' plus ' · 28 min late' when late; `clock` formats the ETA. */
export function etaText(
  state: Pick<LiveState, 'eta' | 'minutesLate'>,
  clock: (d: Date) => string,
): string | null {
  if (!state.eta) return null;
  const eta = format(PANEL_UI.eta, { time: clock(state.eta) });
  return state.minutesLate > 0 ? `${eta} · ${lateText(state.minutesLate)}` : eta;
}

/** 'Arrived 3:02 PM' (issue 15) for a participant the server detected at the destination; else null. */
export function arrivedText(arrivedAt: string | null, clock: (d: Date) => string): string | null {
  if (!arrivedAt) return null;
  const at = new Date(arrivedAt);
  return Number.isNaN(at.getTime()) ? null : format(PANEL_UI.arrivedAt, { time: clock(at) });
}

/** '2 joined · 2 invited', or '2 joined' with nobody invited. */
export function countText({ joined, invited }: { joined: number; invited: number }): string {
  const j = format(PANEL_UI.joined, { n: joined });
  return invited > 0 ? `${j} · ${format(PANEL_UI.invited, { n: invited })}` : j;
}

/**
 * 'Open in Maps' for one person (lib/maps-link.ts): directions to the destination by their travel
 * mode, while they have yet to get there (none for an invite, someone arrived, or no destination).
 */
export function directionsFor(
  destination: { position: { lat: number; lon: number } } | null,
  entry: Pick<PanelEntry, 'pending' | 'routeOptions'> | null,
  kind: LiveKind,
  platform: MapsPlatform,
): string | null {
  if (!destination || !entry || entry.pending || kind === 'pending' || kind === 'there')
    return null;
  return directionsLink(destination.position, {
    platform,
    travelMode: entry.routeOptions?.travelMode ?? 'car',
  });
}
