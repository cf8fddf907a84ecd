/** Picks the maps adapter for a parsed env (see config.ts). */
import { createAzureMapsProvider, type AzureMapsConfig } from './azure/provider.js';
import { mapsEnvProblems, type MapsEnv } from './config.js';
import { createOfflineMapsProvider } from './offline/provider.js';
import type { MapsProvider } from './port.js';

/** Test seams passed through to the Azure adapter (HTTP client, retry wait, jitter, clock). */
export type MapsProviderDeps = Pick<AzureMapsConfig, 'fetch' | 'sleep' | 'random' | 'now'>;

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

/** The provider MAPS_PROVIDER names; throws a readable Error when the Azure settings are unusable. */
export function createMapsProvider(env: MapsEnv, deps: MapsProviderDeps = {}): MapsProvider {
  if (env.MAPS_PROVIDER === 'offline') return createOfflineMapsProvider();
  const problems = mapsEnvProblems(env);
  if (problems.length > 0) {
    throw new Error(
      `Invalid maps configuration:\n${problems.map((p) => `  - ${p.key}: ${p.message}`).join('\n')}`,
    );
  }
  return createAzureMapsProvider({ ...azureConfigFromEnv(env), ...deps });
}
