export {
  createOsmMapsProvider,
  FALLBACK_RECHECK_MS,
  OSM_DEFAULTS,
  type EngineFailure,
  type OsmMapsConfig,
} from './provider.js';
export { formatAddress, type AddressFields } from './address.js';
export { OSRM_PROFILES } from './osrm-wire.js';
export { PHOTON_CATEGORY_TAGS, PHOTON_LIMIT_CAP } from './photon-wire.js';
export { osmUserAgent } from './user-agent.js';
