/** Picks the maps adapter for a parsed env (see config.ts). */
import { createAzureMapsProvider, type AzureMapsConfig } from './azure/provider.js';
import { mapsEnvProblems, type MapsEnv } from './config.js';
import { createOfflineMapsProvider } from './offline/provider.js';
import { createOsmMapsProvider, type OsmMapsConfig } from './osm/provider.js';
import type { MapsProvider } from './port.js';

/**
 * Passed through to the adapter: test seams (HTTP client, retry wait, jitter, clock) and, for osm
 * with MAPS_FALLBACK=offline, `onEngineFailure` (told each time an engine fails and offline answers).
 */
export type MapsProviderDeps = Pick<AzureMapsConfig, 'fetch' | 'sleep' | 'random' | 'now'> &
  Pick<OsmMapsConfig, 'onEngineFailure'>;

/** osm settings of a parsed env (OSRM_URL and PHOTON_URL must be set: see mapsEnvProblems). */
export function osmConfigFromEnv(env: MapsEnv): OsmMapsConfig {
  return {
    osrmUrl: env.OSRM_URL ?? '',
    osrmBicycleUrl: env.OSRM_BICYCLE_URL,
    osrmWalkingUrl: env.OSRM_WALKING_URL,
    maxTableSize: env.OSRM_MAX_TABLE_SIZE,
    photonUrl: env.PHOTON_URL ?? '',
    photonLang: env.PHOTON_LANG,
    contact: env.MAPS_CONTACT,
    fallback: env.MAPS_FALLBACK,
    timeoutMs: env.MAPS_TIMEOUT_MS,
    maxAttempts: env.MAPS_MAX_ATTEMPTS,
  };
}

/** Azure settings of a parsed env, Entra ID credentials only when all three are set. */
export function azureConfigFromEnv(env: MapsEnv): AzureMapsConfig {
  const {
    AZURE_MAPS_TENANT_ID: tenantId,
    AZURE_MAPS_APP_ID: appId,
    AZURE_MAPS_APP_SECRET: appSecret,
  } = env;
  return {
    key: env.AZURE_MAPS_KEY,
    clientId: env.AZURE_MAPS_CLIENT_ID,
    entra: tenantId && appId && appSecret ? { tenantId, appId, appSecret } : undefined,
    endpoint: env.AZURE_MAPS_ENDPOINT,
    authorityUrl: env.AZURE_AUTHORITY_URL,
    timeoutMs: env.MAPS_TIMEOUT_MS,
    maxAttempts: env.MAPS_MAX_ATTEMPTS,
  };
}

/** The provider MAPS_PROVIDER names; throws a readable Error when its settings are unusable. */
export function createMapsProvider(env: MapsEnv, deps: MapsProviderDeps = {}): MapsProvider {
  if (env.MAPS_PROVIDER === 'offline') return createOfflineMapsProvider();
  const problems = mapsEnvProblems(env);
  if (problems.length > 0) {
    throw new Error(
      `Invalid maps configuration:\n${problems.map((p) => `  - ${p.key}: ${p.message}`).join('\n')}`,
    );
  }
  if (env.MAPS_PROVIDER === 'osm')
    return createOsmMapsProvider({ ...osmConfigFromEnv(env), ...deps });
  const { fetch, sleep, random, now } = deps;
  return createAzureMapsProvider({ ...azureConfigFromEnv(env), fetch, sleep, random, now });
}
