import type { MapsProvider, MatrixAnswer } from '@oneeta/maps';

export type ProviderMethod =
  'search' | 'nearby' | 'reverse' | 'timezone' | 'matrix' | 'browserAuth';

/** A real provider behind the port, counting each call (tests prove the cache spares the provider). */
export interface CountingProvider extends MapsProvider {
  readonly calls: Record<ProviderMethod, number>;
}

export function countingProvider(inner: MapsProvider): CountingProvider {
  const calls: Record<ProviderMethod, number> = {
    search: 0,
    nearby: 0,
    reverse: 0,
    timezone: 0,
    matrix: 0,
    browserAuth: 0,
  };
  return {
    name: inner.name,
    limits: inner.limits,
    calls,
    search(query) {
      calls.search++;
      return inner.search(query);
    },
    nearby(query) {
      calls.nearby++;
      return inner.nearby(query);
    },
    reverse(position) {
      calls.reverse++;
      return inner.reverse(position);
    },
    timezone(position) {
      calls.timezone++;
      return inner.timezone(position);
    },
    matrix(origins, destination, options) {
      calls.matrix++;
      return inner.matrix(origins, destination, options);
    },
    browserAuth() {
      calls.browserAuth++;
      return inner.browserAuth();
    },
  };
}

/** The real provider, except that it finds no route and no time zone (the port's "nothing found" answers). */
export function nothingFound(inner: MapsProvider): MapsProvider {
  return {
    name: inner.name,
    limits: inner.limits,
    search: (query) => inner.search(query),
    nearby: (query) => inner.nearby(query),
    reverse: async () => null,
    browserAuth: () => inner.browserAuth(),
    timezone: async () => null,
    matrix: async (origins): Promise<MatrixAnswer> => ({
      cells: origins.map(() => ({
        ok: false,
        travelTimeSeconds: null,
        distanceMeters: null,
        error: 'No route found',
      })),
      strategy: 'matrix',
      providerRequests: 1,
    }),
  };
}

export const SEATTLE = { lat: 47.6062, lon: -122.3321 };
export const BELLEVUE = { lat: 47.6101, lon: -122.2015 };
