/**
 * Photon wire formats (komoot/photon docs/api-v1.md): `/api` (search), `/reverse` (reverse
 * geocoding, also "the places of a kind nearest a point" with osm_tag), both answering a GeoJSON
 * FeatureCollection whose properties follow GeocodeJSON plus osm_type/osm_id/osm_key/osm_value.
 * Errors: HTTP 400 `{ message }`.
 */
import type { PlaceCategory, SearchResult } from '@oneeta/contracts';
import { z } from 'zod';
import { formatAddress } from './address.js';

/** OSM tags of each product category (`osm_tag=key:value`; several are alternatives). */
export const PHOTON_CATEGORY_TAGS: Readonly<Record<PlaceCategory, readonly string[]>> =
  Object.freeze({
    cafe: ['amenity:cafe'],
    restaurant: ['amenity:restaurant'],
    bar: ['amenity:bar', 'amenity:pub'],
    park: ['leisure:park'],
    station: ['railway:station'],
    mall: ['shop:mall'],
  });

/** Most results one Photon request asks for (no bulk lookups; Photon's own default cap is 50). */
export const PHOTON_LIMIT_CAP = 20;

/** OSM keys whose features are towns, regions or countries rather than addresses or points of interest. */
const SETTLEMENT_KEYS = new Set(['place', 'boundary']);
/** OSM keys whose named features are not points of interest (a street's name is its address). */
const NOT_POI_KEYS = new Set(['place', 'boundary', 'highway', 'building']);

const text = z.string().optional();

export const photonFeature = z.object({
  type: z.literal('Feature'),
  geometry: z.object({
    type: z.literal('Point'),
    coordinates: z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]),
  }),
  properties: z.object({
    osm_type: z.string().min(1),
    osm_id: z.union([z.number(), z.string()]),
    osm_key: text,
    osm_value: text,
    name: text,
    housenumber: text,
    street: text,
    postcode: text,
    city: text,
    district: text,
    locality: text,
    county: text,
    state: text,
    country: text,
    countrycode: text,
  }),
});
export type PhotonFeature = z.infer<typeof photonFeature>;

export const photonAnswer = z.object({
  type: z.literal('FeatureCollection').optional(),
  features: z.array(photonFeature),
});

/** A feature in the SearchResult shape: id `osm:{osm_type}{osm_id}`, poi.name for named places. */
export function toSearchResult(feature: PhotonFeature): SearchResult {
  const p = feature.properties;
  const [lon, lat] = feature.geometry.coordinates;
  const settlement = SETTLEMENT_KEYS.has(p.osm_key ?? '');
  const poi = p.name && !NOT_POI_KEYS.has(p.osm_key ?? '') ? { poi: { name: p.name } } : {};
  return {
    id: `osm:${p.osm_type}${p.osm_id}`,
    ...poi,
    address: { freeformAddress: formatAddress(p, settlement) || p.name || '' },
    position: { lat, lon },
  };
}
