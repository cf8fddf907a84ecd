import type { CameraCommand } from './camera';
import type { MapInput } from './follow';
import type { DrawnMarker } from './markers';
import type { LatLon } from './types';

/** What the map component hands to the view that draws it (our offline SVG map or Azure Maps). */
export interface MapViewProps {
  markers: DrawnMarker[];
  /** The latest camera request; each new `seq` is carried out once. */
  command: CameraCommand | null;
  /** What the first camera shows before any request: these points fitted, else `near`, else the default. */
  initial: { points: LatLon[]; near: LatLon | null };
  /** A pointer press, wheel, touch (or key) on the map itself: it ends following and holds the camera. */
  onInteraction: (input: MapInput) => void;
  /** False while the page hides the map (the view re-measures when shown again). */
  visible: boolean;
  /** A press without movement (click, tap or long-press) picked this point: drop a pin. Absent on read-only maps. */
  onPick?: (point: LatLon) => void;
}
