/** What the map draws: the destination, the participants, the viewer, and a selected search result. */
import { REFIT_PRECISION_DECIMALS } from './constants';
import { truncateLabel } from './labels';
import { MAP_UI } from './texts';
import type { LatLon, MapDestination, MapMarker } from './types';

export type DrawnKind = MapMarker['kind'] | 'selected';

export interface DrawnMarker {
  id: string;
  kind: DrawnKind;
  lat: number;
  lon: number;
  /** The whole label (screen readers, tooltips). */
  label: string;
  /** The label as drawn: at most LABEL_MAX_CHARS characters. */
  shortLabel: string;
}

/** Draw order: later entries are drawn on top. */
const ORDER: Record<DrawnKind, number> = { participant: 0, me: 1, destination: 2, selected: 3 };

export const DESTINATION_MARKER_ID = 'destination';
export const SELECTED_MARKER_ID = 'selected-result';

const isCoordinate = (lat: unknown, lon: unknown) =>
  typeof lat === 'number' &&
  typeof lon === 'number' &&
  Number.isFinite(lat) &&
  Number.isFinite(lon) &&
  Math.abs(lat) <= 90 &&
  Math.abs(lon) <= 180;

/**
 * Every marker to draw, in draw order. The `destination` prop wins over a marker of kind
 * 'destination' in `markers`; markers without usable coordinates are left out.
 */
export function drawnMarkers(input: {
  destination: MapDestination | null | undefined;
  markers: readonly MapMarker[];
  selected?: { id: string; name: string; position: LatLon } | null;
}): DrawnMarker[] {
  const list: DrawnMarker[] = [];
  const { destination, markers, selected } = input;
  const make = (id: string, kind: DrawnKind, lat: number, lon: number, label: string) => {
    list.push({ id, kind, lat, lon, label, shortLabel: truncateLabel(label) });
  };
  if (destination && isCoordinate(destination.lat, destination.lon)) {
    make(DESTINATION_MARKER_ID, 'destination', destination.lat, destination.lon, destination.name);
  }
  for (const m of markers) {
    if (!isCoordinate(m.lat, m.lon)) continue;
    if (m.kind === 'destination' && destination) continue;
    make(m.id, m.kind, m.lat, m.lon, m.label);
  }
  if (selected && isCoordinate(selected.position.lat, selected.position.lon)) {
    make(
      SELECTED_MARKER_ID,
      'selected',
      selected.position.lat,
      selected.position.lon,
      selected.name,
    );
  }
  return list
    .map((m, index) => ({ m, index }))
    .sort((a, b) => ORDER[a.m.kind] - ORDER[b.m.kind] || a.index - b.index)
    .map(({ m }) => m);
}

/** The points a fit-to-all shows: everything but a search result not yet confirmed. */
export function fitPoints(markers: readonly DrawnMarker[]): LatLon[] {
  return markers.filter((m) => m.kind !== 'selected').map(({ lat, lon }) => ({ lat, lon }));
}

/** A key that changes when a point appears, goes, or moves more than ~100 m. */
export function pointsFingerprint(points: readonly LatLon[]): string {
  return points
    .map(
      (p) =>
        `${p.lat.toFixed(REFIT_PRECISION_DECIMALS)},${p.lon.toFixed(REFIT_PRECISION_DECIMALS)}`,
    )
    .sort()
    .join(';');
}

/** One line for screen readers: 'Destination: Pike Place Market', 'Ana (you)', 'Ben'. */
export function describeMarker(marker: DrawnMarker): string {
  switch (marker.kind) {
    case 'destination':
      return `${MAP_UI.destinationPrefix}: ${marker.label}`;
    case 'selected':
      return `${MAP_UI.selectedPrefix}: ${marker.label}`;
    case 'me':
      return `${marker.label} ${MAP_UI.youSuffix}`;
    case 'participant':
      return marker.label;
  }
}
