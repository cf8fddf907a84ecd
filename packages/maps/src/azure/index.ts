export { AZURE_DEFAULTS, createAzureMapsProvider, type AzureMapsConfig } from './provider.js';
export { AZURE_MAPS_SCOPE, TOKEN_REFRESH_MARGIN_MS, type EntraAppCredentials } from './auth.js';
export { RETRY_AFTER_MAX_MS, RETRY_BASE_DELAY_MS, RETRY_MAX_DELAY_MS } from './http.js';
export { DIRECTIONS_CONCURRENCY } from './routes.js';
export {
  ROUTE_API_VERSION,
  ROUTE_V1_API_VERSION,
  SEARCH_API_VERSION,
  TIMEZONE_API_VERSION,
} from './wire.js';
