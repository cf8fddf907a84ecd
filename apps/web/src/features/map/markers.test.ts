import { describe, expect, it } from 'vitest';
import {
  describeMarker,
  DESTINATION_MARKER_ID,
  drawnMarkers,
  fitPoints,
  pointsFingerprint,
  SELECTED_MARKER_ID,
} from './markers';
import type { MapMarker } from './types';

const people: MapMarker[] = [
  { id: 'me', label: 'Ana Lopez', lat: 47.6, lon: -122.3, kind: 'me' },
  { id: 'user:2', label: 'Bartholomew Richardson', lat: 47.7, lon: -122.4, kind: 'participant' },
  { id: 'user:3', label: 'Nowhere', lat: Number.NaN, lon: 0, kind: 'participant' },
  { id: 'dest-dup', label: 'Old destination', lat: 1, lon: 1, kind: 'destination' },
];
const destination = { name: 'Pike Place Market', lat: 47.6097, lon: -122.3422 };

describe('drawnMarkers', () => {
  it('draws participants, then the viewer, then the destination, then a selected result on top', () => {
    const list = drawnMarkers({
      destination,
      markers: people,
      selected: { id: 'r1', name: 'Space Needle', position: { lat: 47.62, lon: -122.35 } },
    });
    expect(list.map((m) => [m.id, m.kind])).toEqual([
      ['user:2', 'participant'],
      ['me', 'me'],
      [DESTINATION_MARKER_ID, 'destination'],
      [SELECTED_MARKER_ID, 'selected'],
    ]);
  });

  it('truncates labels to 14 characters for drawing and keeps the whole label', () => {
    const list = drawnMarkers({ destination: null, markers: people });
    const bart = list.find((m) => m.id === 'user:2')!;
    expect(bart.shortLabel).toBe('Bartholomew R…');
    expect(bart.label).toBe('Bartholomew Richardson');
  });

  it('leaves out markers without coordinates, and destination markers when the destination is given', () => {
    const withDestination = drawnMarkers({ destination, markers: people });
    expect(withDestination.some((m) => m.id === 'user:3' || m.id === 'dest-dup')).toBe(false);
    const without = drawnMarkers({ destination: null, markers: people });
    expect(without.find((m) => m.id === 'dest-dup')?.kind).toBe('destination');
  });

  it('fits everything except a result not yet confirmed', () => {
    const list = drawnMarkers({
      destination,
      markers: people,
      selected: { id: 'r1', name: 'x', position: { lat: 10, lon: 10 } },
    });
    expect(fitPoints(list)).toHaveLength(3);
    expect(fitPoints(list)).not.toContainEqual({ lat: 10, lon: 10 });
  });
});

describe('pointsFingerprint', () => {
  const a = { lat: 47.60001, lon: -122.30001 };
  const b = { lat: 47.7, lon: -122.4 };

  it('ignores order and moves of a few metres', () => {
    expect(pointsFingerprint([a, b])).toBe(
      pointsFingerprint([b, { lat: 47.60004, lon: -122.30002 }]),
    );
  });

  it('changes when a point moves ~100 m or more, appears or goes', () => {
    const base = pointsFingerprint([a, b]);
    expect(pointsFingerprint([{ lat: 47.602, lon: -122.3 }, b])).not.toBe(base);
    expect(pointsFingerprint([a])).not.toBe(base);
  });
});

describe('describeMarker', () => {
  it('names each marker for screen readers', () => {
    const list = drawnMarkers({
      destination,
      markers: people,
      selected: { id: 'r', name: 'Space Needle', position: { lat: 47.62, lon: -122.35 } },
    });
    expect(list.map(describeMarker)).toEqual([
      'Bartholomew Richardson',
      'Ana Lopez (you)',
      'Destination: Pike Place Market',
      'Selected result: Space Needle',
    ]);
  });
});
