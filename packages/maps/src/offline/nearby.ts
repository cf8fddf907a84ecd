/**
 * Offline nearby places and reverse geocoding over the bundled gazetteer. It knows only towns and
 * cities, so every category is answered with the towns nearest the point, and a position is named
 * after the nearest town within REVERSE_RADIUS_METERS.
 */
import type { Position, SearchResult } from '@oneeta/contracts';
import type { NearbyQuery } from '../port.js';
import { haversineMeters } from './estimate.js';
import { gazetteer } from './gazetteer.js';
import { toSearchResult } from './search.js';

/** A position farther than this from every gazetteer town has no offline name. */
export const REVERSE_RADIUS_METERS = 30_000;

/** Gazetteer towns within `radiusMeters` of `near`, nearest first (ties: larger population). */
export function nearbyTowns({
  near,
  radiusMeters,
  limit,
}: Omit<NearbyQuery, 'category'>): SearchResult[] {
  if (limit <= 0) return [];
  return gazetteer()
    .map((city) => ({ city, distance: haversineMeters(near, city) }))
    .filter((entry) => entry.distance <= radiusMeters)
    .sort((a, b) => a.distance - b.distance || b.city.population - a.city.population)
    .slice(0, limit)
    .map((entry) => toSearchResult(entry.city));
}

/** The nearest gazetteer town within REVERSE_RADIUS_METERS, or null. */
export function nearestTown(position: Position): SearchResult | null {
  const [town] = nearbyTowns({
    near: position,
    radiusMeters: REVERSE_RADIUS_METERS,
    limit: 1,
  });
  return town ?? null;
}
