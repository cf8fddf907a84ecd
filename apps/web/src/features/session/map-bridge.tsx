/** The map engineer's components (features/map), used through this one file. */
export { PlaceSearch, SessionMap, type MapMarker, type SelectedPlace } from '../map';
