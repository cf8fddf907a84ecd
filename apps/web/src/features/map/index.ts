// The map feature: the whole map component and the place search it uses (the invite page uses it alone).
export { SessionMap, type SessionMapProps } from './SessionMap';
export { PlaceSearch, type PlaceSearchProps } from './PlaceSearch';
export { truncateLabel } from './labels';
export type { LatLon, MapDestination, MapFocus, MapMarker, SelectedPlace } from './types';
