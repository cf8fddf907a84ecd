/**
 * Place search near the caller first (doc 1 §9: radius 100,000 m around the user), falling back to
 * the whole world when nothing matches nearby (issue 12: from Seattle, 'Denver' must be found). The
 * fallback still passes the position, so nearer matches rank first (Azure: an unrestricted fuzzy
 * search biased to lat/lon; offline: the whole gazetteer with a gentle proximity bias).
 */
import type { Position, SearchCoverage, SearchResult, SearchScope } from '@oneeta/contracts';
import type { MapsProvider } from './port.js';

export interface NearFirstQuery {
  query: string;
  near?: Position;
  radiusMeters: number;
  limit: number;
}

export interface NearFirstAnswer {
  results: SearchResult[];
  scope: SearchScope;
  /** The nearby radius tried, or null when no position was given. */
  radiusMeters: number | null;
  coverage: SearchCoverage;
  /** Provider searches made: 2 when the nearby search found nothing and the wide one ran. */
  searches: number;
}

/** What a provider's search knows: the offline gazetteer holds city and town names only. */
export const searchCoverage = (provider: Pick<MapsProvider, 'name'>): SearchCoverage =>
  provider.name === 'offline' ? 'cities' : 'addresses';

export async function searchNearFirst(
  provider: Pick<MapsProvider, 'name' | 'search'>,
  { query, near, radiusMeters, limit }: NearFirstQuery,
): Promise<NearFirstAnswer> {
  const coverage = searchCoverage(provider);
  if (!near) {
    const results = (await provider.search({ query, limit })).slice(0, limit);
    return { results, scope: 'everywhere', radiusMeters: null, coverage, searches: 1 };
  }
  const nearby = (await provider.search({ query, near, radiusMeters, limit })).slice(0, limit);
  if (nearby.length > 0)
    return { results: nearby, scope: 'nearby', radiusMeters, coverage, searches: 1 };
  const wide = (await provider.search({ query, near, limit })).slice(0, limit);
  return { results: wide, scope: 'everywhere', radiusMeters, coverage, searches: 2 };
}
