/**
 * The embedded `offline` maps provider: no network at all. Search uses the bundled gazetteer,
 * time zones come from `geo-tz`, travel times from the distance-based estimate in estimate.ts.
 */
import type { Position } from '@oneeta/contracts';
import { find as findTimeZones } from 'geo-tz/all';
import { assertWithinCellLimit, MAX_CELLS_PER_CALL } from '../limits.js';
import type { MapsProvider, MatrixAnswer, MatrixOptions } from '../port.js';
import { estimateTravel } from './estimate.js';
import { nearbyTowns, nearestTown } from './nearby.js';
import { searchGazetteer } from './search.js';

/**
 * IANA zone at a position from geo-tz's full dataset (so Oslo is 'Europe/Oslo', not a zone that
 * merely shares its rules since 1970); open sea gives an 'Etc/GMT±N' zone. Null when none is known.
 */
export function offlineTimezone(position: Position): string | null {
  return findTimeZones(position.lat, position.lon)[0] ?? null;
}

/** Travel-time estimates for every origin; never fails, never touches the network. */
export function offlineMatrix(
  origins: Position[],
  destination: Position,
  options: MatrixOptions,
): MatrixAnswer {
  assertWithinCellLimit(origins.length);
  const cells = origins.map((origin) => ({
    ok: true as const,
    ...estimateTravel(origin, destination, options),
  }));
  return { cells, strategy: 'estimate', providerRequests: 0 };
}

export function createOfflineMapsProvider(): MapsProvider {
  return {
    name: 'offline',
    limits: { maxCellsPerCall: MAX_CELLS_PER_CALL },
    search: async (query) => searchGazetteer(query),
    nearby: async (query) => nearbyTowns(query),
    reverse: async (position) => nearestTown(position),
    timezone: async (position) => offlineTimezone(position),
    matrix: async (origins, destination, options) => offlineMatrix(origins, destination, options),
    browserAuth: async () => ({ provider: 'offline', clientId: null, accessToken: null }),
  };
}
