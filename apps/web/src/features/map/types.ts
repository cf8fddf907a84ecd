/** The map component's public types (the shared interface of issue 6). */

export interface LatLon {
  lat: number;
  lon: number;
}

/** A place picked from search and confirmed: name falls back to 'Selected place' (doc 1 §3). */
export interface SelectedPlace {
  id: string;
  name: string;
  address: string;
  position: LatLon;
}

/** One point on the map: the destination, a participant, or the viewer ('me'). */
export interface MapMarker {
  id: string;
  label: string;
  lat: number;
  lon: number;
  kind: 'destination' | 'participant' | 'me';
}

/** The destination as the page knows it. */
export interface MapDestination extends LatLon {
  name: string;
}

/**
 * A camera request from the page (arrival panel 'Center on map' / 'Find on map'): each new `key`
 * moves the camera once. Doc 2 §7 drives the map with centerOn, followParticipant and
 * followPosition: `mode` 'center' (the default) centers once; 'follow' also starts following,
 * the marker `participantId` when given (it tracks that marker as it moves), else the point.
 */
export interface MapFocus extends LatLon {
  key: number;
  mode?: 'center' | 'follow';
  participantId?: string;
}
