/**
 * The map's texts. `MAP_SPEC` is copied exactly from shared/spec (doc 1 §2 "Map component", §3, §8);
 * `MAP_UI` holds our own labels where the spec gives none. Error texts shared with the maps service
 * ('Search failed', 'Token fetch failed') come from MAPS_MESSAGES in @oneeta/contracts.
 */
export const MAP_SPEC = {
  following: 'Following',
  stop: 'Stop',
  coachmark: 'Start by searching here',
  confirm: 'Confirm',
  confirmSelection: 'Confirm selection',
  /** A search result without a name (doc 1 §3 "Selected place output"). */
  selectedPlace: 'Selected place',
  /** The maps provider's name in 'Failed to load {provider} Maps SDK' (doc 1 §8). */
  azureProviderName: 'Azure',
} as const;

/** 'Failed to load' + the maps provider's name + 'Maps SDK' (doc 1 §8). */
export function sdkLoadFailedMessage(providerName: string = MAP_SPEC.azureProviderName): string {
  return `Failed to load ${providerName} Maps SDK`;
}

export const MAP_UI = {
  /** The provider's name in 'Failed to load {provider} Maps SDK' for the MapLibre street map. */
  maplibreProviderName: 'MapLibre',
  regionLabel: 'Map',
  mapLabel: 'Map of the destination and participants',
  offlineMapLabel:
    'Offline map of the destination and participants. Drag to pan, use the mouse wheel or the + and - keys to zoom.',
  /** The same, when the map takes pins. */
  offlineMapPinLabel:
    'Offline map of the destination and participants. Drag to pan, use the mouse wheel or the + and - keys to zoom. Click or long-press to drop a pin; Enter drops one at the centre.',
  /** The MapLibre street map's drawing (MapLibre's keys: arrows pan, + and - zoom). */
  streetMapLabel:
    'Street map of the destination and participants. Drag to pan, use the mouse wheel or the + and - keys to zoom.',
  streetMapPinLabel:
    'Street map of the destination and participants. Drag to pan, use the mouse wheel or the + and - keys to zoom. Click or long-press to drop a pin; Enter drops one at the centre.',
  markersHeading: 'On the map',
  noMarkers: 'Nothing on the map yet.',
  destinationPrefix: 'Destination',
  selectedPrefix: 'Selected result',
  youSuffix: '(you)',
  expand: 'Expand map',
  collapse: 'Collapse map',
  zoomIn: 'Zoom in',
  zoomOut: 'Zoom out',
  fitAll: 'Fit all',
  offlineBadge: 'Offline map',
  loadingMap: 'Loading map…',
  searchLabel: 'Search for a place',
  searchPlaceholder: 'Search a place or address',
  /** The offline search knows city and town names only (the gazetteer): the box says so. */
  searchPlaceholderCities: 'Search a city or town',
  search: 'Search',
  searching: 'Searching…',
  resultsLabel: 'Search results',
  resultsCount: (n: number) => (n === 1 ? '1 place found' : `${n} places found`),
  noResultsFor: (query: string) => `No places found for “${query}”.`,
  noResultsNearOrAnywhere: (query: string, radiusMeters: number) =>
    `No places found for “${query}” within ${km(radiusMeters)} of you, nor anywhere farther away.`,
  fartherAway: (radiusMeters: number) =>
    `Nothing matched within ${km(radiusMeters)} of you; these places are farther away.`,
  offlineKnows:
    'Offline search knows the names of cities and towns only, not streets, addresses, neighbourhoods or landmarks.',
  pinHint: 'To pick an exact spot, click or long-press the map to drop a pin.',
  /** The dropped pin's editable name and its coordinates. */
  pinNameLabel: 'Name of the pinned place',
  pinDropped: (coordinates: string) => `Pin dropped at ${coordinates}.`,
} as const;

/** 100000 → '100 km'. */
function km(meters: number): string {
  return `${Math.round(meters / 1000).toLocaleString('en-US')} km`;
}
