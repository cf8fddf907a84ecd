/**
 * Place search, nearby places and reverse geocoding from Photon. One request per port call:
 * - search: `/api?q&limit[&lat&lon&bbox][&lang]` — biased to `near`; with a radius, restricted to the
 *   radius's bounding box and then to the circle itself (client-side).
 * - nearby: `/reverse?lat&lon&radius(km)&limit&osm_tag=…` — Photon's documented "places of a kind
 *   nearest a point"; filtered to the radius and sorted nearest first here as well.
 * - reverse: `/reverse?lat&lon&limit=1` (Photon's default radius, 1 km).
 * Limits are capped at PHOTON_LIMIT_CAP.
 */
import type { Position, SearchResult } from '@oneeta/contracts';
import { coordinate } from '../coordinate.js';
import type { RequestCounter } from '../http.js';
import { haversineMeters } from '../offline/estimate.js';
import type { NearbyQuery, PlaceSearchQuery } from '../port.js';
import type { EngineClient } from './engine.js';
import {
  PHOTON_CATEGORY_TAGS,
  PHOTON_LIMIT_CAP,
  photonAnswer,
  toSearchResult,
} from './photon-wire.js';

/** Photon's /reverse takes a radius of at most 5000 km. */
const MAX_REVERSE_RADIUS_KM = 5000;
const METERS_PER_DEGREE_LAT = 111_320;

/** minLon,minLat,maxLon,maxLat around a circle; null when it would cross the antimeridian or a pole. */
export function boundingBox(center: Position, radiusMeters: number): string | null {
  const dLat = radiusMeters / METERS_PER_DEGREE_LAT;
  const cos = Math.cos((center.lat * Math.PI) / 180);
  if (cos < 0.01) return null;
  const dLon = dLat / cos;
  const box = [center.lon - dLon, center.lat - dLat, center.lon + dLon, center.lat + dLat];
  const [minLon, minLat, maxLon, maxLat] = box as [number, number, number, number];
  if (minLon < -180 || maxLon > 180 || minLat < -90 || maxLat > 90) return null;
  return box.map(coordinate).join(',');
}

const within = (near: Position, radiusMeters: number) => (result: SearchResult) =>
  haversineMeters(near, result.position) <= radiusMeters;

export class PhotonGeocoder {
  constructor(
    readonly client: EngineClient,
    private readonly lang?: string,
  ) {}

  private common(limit: number): Array<[string, string]> {
    const query: Array<[string, string]> = [
      ['limit', String(Math.max(1, Math.min(PHOTON_LIMIT_CAP, limit)))],
    ];
    if (this.lang) query.push(['lang', this.lang]);
    return query;
  }

  async search(
    { query, near, radiusMeters, limit }: PlaceSearchQuery,
    counter: RequestCounter,
  ): Promise<SearchResult[]> {
    if (limit <= 0) return [];
    const restricted = near !== undefined && radiusMeters !== undefined;
    // A few more than asked when the circle may drop the bounding box's corners.
    const params: Array<[string, string]> = [
      ['q', query],
      ...this.common(restricted ? limit + 5 : limit),
    ];
    if (near) params.push(['lat', coordinate(near.lat)], ['lon', coordinate(near.lon)]);
    const bbox = restricted ? boundingBox(near, radiusMeters) : null;
    if (bbox) params.push(['bbox', bbox]);
    const answer = await this.client.getOk('search', 'api', params, photonAnswer, counter);
    const results = answer.features.map(toSearchResult);
    return (restricted ? results.filter(within(near, radiusMeters)) : results).slice(0, limit);
  }

  async nearby(
    { category, near, radiusMeters, limit }: NearbyQuery,
    counter: RequestCounter,
  ): Promise<SearchResult[]> {
    if (limit <= 0) return [];
    const radiusKm = Math.min(MAX_REVERSE_RADIUS_KM, Math.max(0.001, radiusMeters / 1000));
    const params: Array<[string, string]> = [
      ['lat', coordinate(near.lat)],
      ['lon', coordinate(near.lon)],
      ['radius', coordinate(radiusKm)],
      ...this.common(limit),
      ...PHOTON_CATEGORY_TAGS[category].map((tag): [string, string] => ['osm_tag', tag]),
    ];
    const answer = await this.client.getOk(
      'nearby (reverse with osm_tag)',
      'reverse',
      params,
      photonAnswer,
      counter,
    );
    return answer.features
      .map(toSearchResult)
      .map((result) => ({ result, distance: haversineMeters(near, result.position) }))
      .filter((entry) => entry.distance <= radiusMeters)
      .sort((a, b) => a.distance - b.distance)
      .slice(0, limit)
      .map((entry) => entry.result);
  }

  async reverse(position: Position, counter: RequestCounter): Promise<SearchResult | null> {
    const params: Array<[string, string]> = [
      ['lat', coordinate(position.lat)],
      ['lon', coordinate(position.lon)],
      ...this.common(1),
    ];
    const answer = await this.client.getOk('reverse', 'reverse', params, photonAnswer, counter);
    const first = answer.features[0];
    return first ? toSearchResult(first) : null;
  }

  /** The start-up check: a one-result search answers a FeatureCollection (and accepts `lang`). */
  async probe(counter: RequestCounter): Promise<void> {
    await this.client.getOk(
      'search',
      'api',
      [['q', 'a'], ...this.common(1)],
      photonAnswer,
      counter,
    );
  }
}
