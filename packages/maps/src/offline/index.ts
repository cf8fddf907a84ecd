export { createOfflineMapsProvider, offlineMatrix, offlineTimezone } from './provider.js';
export {
  EARTH_RADIUS_METERS,
  ESTIMATE_CONSTANTS,
  estimateTravel,
  haversineMeters,
  type EstimateOptions,
  type TravelEstimate,
} from './estimate.js';
export {
  matchQuality,
  rankCities,
  searchGazetteer,
  SEARCH_WEIGHTS,
  type RankedCity,
} from './search.js';
export { gazetteer, normalizeName, type GazetteerCity } from './gazetteer.js';
export { nearbyTowns, nearestTown, REVERSE_RADIUS_METERS } from './nearby.js';
