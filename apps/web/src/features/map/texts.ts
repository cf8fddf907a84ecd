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
  regionLabel: 'Map',
  mapLabel: 'Map of the destination and participants',
  offlineMapLabel:
    'Offline map of the destination and participants. Drag to pan, use the mouse wheel or the + and - keys to zoom.',
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
  search: 'Search',
  searching: 'Searching…',
  noResults: 'No places found.',
  resultsLabel: 'Search results',
  resultsCount: (n: number) => (n === 1 ? '1 place found' : `${n} places found`),
} as const;
