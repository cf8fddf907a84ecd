export * from './port.js';
export { MAX_CELLS_PER_CALL, assertWithinCellLimit } from './limits.js';
export {
  mapsEnvProblems,
  mapsEnvSchema,
  parseMapsEnv,
  refineMapsEnv,
  type MapsEnv,
} from './config.js';
export {
  azureConfigFromEnv,
  createMapsProvider,
  osmConfigFromEnv,
  type MapsProviderDeps,
} from './providers.js';
export { checkMapsProvider } from './check.js';
export * from './offline/index.js';
export * from './azure/index.js';
export * from './osm/index.js';
export * from './travel-cache.js';
export * from './search-near-first.js';
