/**
 * The Azure Maps adapter (`name: 'azure'`): Search 1.0 fuzzy search, Timezone 1.0 by coordinates,
 * Route Matrix / Route Directions 2025-01-01 (Route Directions 1.0 for bicycles, see routes.ts).
 * Auth by subscription key or Entra ID client credentials (auth.ts); retries and timeouts in http.ts.
 */
import type { Position, SearchResult } from '@oneeta/contracts';
import { MAX_CELLS_PER_CALL } from '../limits.js';
import type { MapsProvider } from '../port.js';
import { AzureCredentials, type EntraAppCredentials } from './auth.js';
import { AzureMapsClient } from './client.js';
import { Transport } from './http.js';
import { azureMatrix } from './routes.js';
import {
  AZURE_POI_CATEGORIES,
  coordinate,
  fuzzySearchAnswer,
  reverseAnswer,
  SEARCH_API_VERSION,
  TIMEZONE_API_VERSION,
  timezoneAnswer,
} from './wire.js';

export const AZURE_DEFAULTS = Object.freeze({
  endpoint: 'https://atlas.microsoft.com',
  authorityUrl: 'https://login.microsoftonline.com',
  timeoutMs: 10_000,
  maxAttempts: 4,
});

export interface AzureMapsConfig {
  /** Shared key; used when `entra` is not given. */
  key?: string;
  /** Maps account client id: required with `entra`; also handed to the browser SDK. */
  clientId?: string;
  /** Entra ID app credentials: when given, requests carry a bearer token instead of the key. */
  entra?: EntraAppCredentials;
  endpoint?: string;
  authorityUrl?: string;
  /** Per-attempt timeout. */
  timeoutMs?: number;
  /** Attempts per request, the first included. */
  maxAttempts?: number;
  /** Test seams: HTTP client, wait between retries, jitter source, clock for token expiry. */
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  now?: () => number;
}

export function createAzureMapsProvider(config: AzureMapsConfig): MapsProvider {
  const transport = new Transport({
    service: 'Azure Maps',
    timeoutMs: config.timeoutMs ?? AZURE_DEFAULTS.timeoutMs,
    maxAttempts: config.maxAttempts ?? AZURE_DEFAULTS.maxAttempts,
    fetch: config.fetch,
    sleep: config.sleep,
    random: config.random,
    // Called only after `credentials` below exists (when an error message is built).
    secrets: (): Array<string | undefined> => credentials.secrets(),
  });
  const credentials: AzureCredentials = new AzureCredentials(
    {
      key: config.key,
      clientId: config.clientId,
      entra: config.entra,
      authorityUrl: config.authorityUrl ?? AZURE_DEFAULTS.authorityUrl,
      now: config.now,
    },
    transport,
  );
  const client = new AzureMapsClient(
    config.endpoint ?? AZURE_DEFAULTS.endpoint,
    credentials,
    transport,
  );

  /** Search 1.0 fuzzy or category search, both answering in the fuzzy-search result shape. */
  async function searchAt(
    what: string,
    path: string,
    query: string,
    limit: number,
    near?: Position,
    radiusMeters?: number,
  ): Promise<SearchResult[]> {
    const answer = await client.callOk(
      {
        what,
        method: 'GET',
        path,
        query: {
          'api-version': SEARCH_API_VERSION,
          query,
          limit,
          lat: near && coordinate(near.lat),
          lon: near && coordinate(near.lon),
          radius: near && radiusMeters !== undefined ? Math.round(radiusMeters) : undefined,
        },
      },
      fuzzySearchAnswer,
      { count: 0 },
    );
    return answer.results.slice(0, limit).map((r): SearchResult => ({
      id: r.id,
      ...(r.poi ? { poi: { name: r.poi.name } } : {}),
      address: { freeformAddress: r.address?.freeformAddress ?? r.poi?.name ?? '' },
      position: { lat: r.position.lat, lon: r.position.lon },
    }));
  }

  return {
    name: 'azure',
    limits: { maxCellsPerCall: MAX_CELLS_PER_CALL },

    search: ({ query, near, radiusMeters, limit }) =>
      searchAt('fuzzy search', '/search/fuzzy/json', query, limit, near, radiusMeters),

    nearby: ({ category, near, radiusMeters, limit }) =>
      searchAt(
        'POI category search',
        '/search/poi/category/json',
        AZURE_POI_CATEGORIES[category],
        limit,
        near,
        radiusMeters,
      ),

    async reverse({ lat, lon }) {
      const answer = await client.callOk(
        {
          what: 'reverse address search',
          method: 'GET',
          path: '/search/address/reverse/json',
          query: {
            'api-version': SEARCH_API_VERSION,
            query: `${coordinate(lat)},${coordinate(lon)}`,
          },
        },
        reverseAnswer,
        { count: 0 },
      );
      const first = answer.addresses[0];
      if (!first?.address?.freeformAddress) return null;
      const [plat, plon] = first.position.split(',').map(Number) as [number, number];
      return {
        id: `reverse:${coordinate(plat)},${coordinate(plon)}`,
        address: { freeformAddress: first.address.freeformAddress },
        position: { lat: plat, lon: plon },
      };
    },

    async timezone({ lat, lon }) {
      const answer = await client.callOk(
        {
          what: 'timezone by coordinates',
          method: 'GET',
          path: '/timezone/byCoordinates/json',
          query: {
            'api-version': TIMEZONE_API_VERSION,
            query: `${coordinate(lat)},${coordinate(lon)}`,
          },
        },
        timezoneAnswer,
        { count: 0 },
      );
      return answer.TimeZones?.[0]?.Id ?? answer.timeZones?.[0]?.id ?? null;
    },

    matrix: (origins, destination, options) => azureMatrix(client, origins, destination, options),

    browserAuth: () => credentials.browserAuth(),
  };
}
