/**
 * A local stand-in for a Photon geocoder (komoot/photon docs/api-v1.md): `/api` (search),
 * `/reverse` and `/status`, answering GeoJSON FeatureCollections over FAKE_PHOTON_PLACES (plus
 * `places`). Like Photon it refuses unknown parameters, unsupported languages, a lat without lon,
 * a bad bbox or radius with HTTP 400 `{ message }`; trims `limit` to `maxResults`; filters by
 * `osm_tag` (several include tags are alternatives) and `bbox`; tolerates typos and matches
 * prefixes (Photon's "typo tolerance" and "search-as-you-type"); ranks by match, prominence and
 * closeness to lat/lon; answers /reverse nearest first within `radius` km (default 1).
 */
import type { Position } from '@oneeta/contracts';
import { haversineMeters } from '../offline/estimate.js';
import { normalizeName } from '../offline/gazetteer.js';
import { matchQuality } from '../offline/search.js';
import { createFakeEngine, values, type FakeEngineControls } from './fake-engine.js';
import { FAKE_PHOTON_PLACES, type FakePhotonPlace } from './fake-photon-places.js';

export { FAKE_PHOTON_PLACES, type FakePhotonPlace } from './fake-photon-places.js';

export interface FakePhotonOptions {
  /** More places besides the built-in ones. */
  places?: FakePhotonPlace[];
  /** Languages the server was imported with (default 'en', 'de', 'fr'). */
  languages?: string[];
  /** Photon's -max-results / -max-reverse-results (default 50). */
  maxResults?: number;
}

export interface FakePhoton extends FakeEngineControls {
  url: string;
  close(): Promise<void>;
}

const BASE = [
  'lang',
  'limit',
  'debug',
  'dedupe',
  'geometry',
  'osm_tag',
  'layer',
  'include',
  'exclude',
];
const SEARCH = [
  ...BASE,
  'lat',
  'lon',
  'location_bias_scale',
  'zoom',
  'bbox',
  'suggest_addresses',
  'q',
  'countrycode',
];
const REVERSE = [...BASE, 'lat', 'lon', 'radius', 'query_string_filter', 'distance_sort'];

class BadRequest extends Error {}

type Query = Record<string, string | string[] | undefined>;
const one = (q: Query, key: string) => values(q[key])[0];

function checkParams(q: Query, allowed: string[]) {
  const unknown = Object.keys(q).find((k) => !allowed.includes(k));
  if (unknown)
    throw new BadRequest(
      `Unknown query parameter '${unknown}'.  Allowed parameters are: [${allowed.join(', ')}]`,
    );
}

function number(q: Query, key: string): number | undefined {
  const text = one(q, key);
  if (text === undefined) return undefined;
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value))
    throw new BadRequest(`Invalid value for '${key}' parameter.`);
  return value;
}

function latLon(q: Query, mandatory: boolean): Position | undefined {
  const lat = number(q, 'lat');
  const lon = number(q, 'lon');
  if (lat === undefined && lon === undefined && !mandatory) return undefined;
  if (lat === undefined) throw new BadRequest("Missing parameter 'lat'.");
  if (lon === undefined) throw new BadRequest("Missing parameter 'lon'.");
  if (Math.abs(lat) > 90) throw new BadRequest("Invalid value for 'lat' parameter.");
  if (Math.abs(lon) > 180) throw new BadRequest("Invalid value for 'lon' parameter.");
  return { lat, lon };
}

/** `key:value`, `key`, `:value`; a leading `!` excludes. */
function tagFilter(q: Query): (place: FakePhotonPlace) => boolean {
  const filters = values(q.osm_tag).map((raw) => {
    const exclude = raw.startsWith('!');
    const [key = '', value = ''] = (exclude ? raw.slice(1) : raw).split(':');
    if (!key && !value) throw new BadRequest(`Invalid osm_tag filter '${raw}'.`);
    const test = (p: FakePhotonPlace) =>
      (!key || p.properties.osm_key === key) &&
      (!value || p.properties.osm_value === value.replace(/^!/, ''));
    return { exclude, test };
  });
  const include = filters.filter((f) => !f.exclude);
  const exclude = filters.filter((f) => f.exclude);
  return (p) =>
    (include.length === 0 || include.some((f) => f.test(p))) && !exclude.some((f) => f.test(p));
}

function feature(place: FakePhotonPlace) {
  const type =
    place.properties.osm_key === 'place'
      ? place.properties.osm_value
      : place.properties.housenumber
        ? 'house'
        : 'other';
  return {
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [place.lon, place.lat] },
    properties: { ...place.properties, type },
  };
}

/** Starts the fake on 127.0.0.1 on a free port. */
export async function startFakePhoton(options: FakePhotonOptions = {}): Promise<FakePhoton> {
  const places = [...FAKE_PHOTON_PLACES, ...(options.places ?? [])];
  const languages = options.languages ?? ['en', 'de', 'fr'];
  const maxResults = options.maxResults ?? 50;
  const { app, controls } = createFakeEngine((_status, message) => ({ message }));

  function common(q: Query, defaultLimit: number) {
    const lang = one(q, 'lang');
    if (lang !== undefined && lang !== 'default' && !languages.includes(lang))
      throw new BadRequest(
        `Language is not supported. Supported are: default, ${languages.join(', ')}`,
      );
    const limit = number(q, 'limit');
    return {
      limit: Math.max(1, Math.min(maxResults, Math.trunc(limit ?? defaultLimit))),
      filter: tagFilter(q),
    };
  }

  function search(q: Query) {
    checkParams(q, SEARCH);
    const { limit, filter } = common(q, 15);
    const text = one(q, 'q') ?? '';
    if (!text.trim())
      throw new BadRequest('q parameter is required when no include categories are specified');
    const near = latLon(q, false);
    const bboxText = one(q, 'bbox');
    const bbox = bboxText?.split(',').map(Number);
    if (bbox && (bbox.length !== 4 || bbox.some((x) => !Number.isFinite(x))))
      throw new BadRequest("Invalid bbox. Expected 'minLon,minLat,maxLon,maxLat'.");
    const wanted = normalizeName(text.split(',')[0] ?? '');
    return places
      .filter(filter)
      .filter(
        (p) =>
          !bbox ||
          (p.lon >= bbox[0]! && p.lat >= bbox[1]! && p.lon <= bbox[2]! && p.lat <= bbox[3]!),
      )
      .map((p) => {
        const quality = matchQuality(
          wanted,
          normalizeName(p.properties.name ?? p.properties.street ?? ''),
        );
        const closeness = near ? Math.max(0, 1 - haversineMeters(near, p) / 500_000) : 0;
        return { p, quality, score: quality + 0.3 * (p.importance ?? 0) + 0.2 * closeness };
      })
      .filter((r) => r.quality > 0)
      .sort((a, b) => b.score - a.score || a.p.properties.osm_id - b.p.properties.osm_id)
      .slice(0, limit)
      .map((r) => feature(r.p));
  }

  function reverse(q: Query) {
    checkParams(q, REVERSE);
    const { limit, filter } = common(q, 1);
    const at = latLon(q, true) as Position;
    const radiusKm = number(q, 'radius') ?? 1;
    if (radiusKm < 0 || radiusKm > 5000)
      throw new BadRequest('Invalid search radius. Must be between 0 and 5000 km.');
    return places
      .filter(filter)
      .map((p) => ({ p, distance: haversineMeters(at, p) }))
      .filter((r) => r.distance <= radiusKm * 1000)
      .sort((a, b) => a.distance - b.distance)
      .slice(0, limit)
      .map((r) => feature(r.p));
  }

  for (const [path, handler] of [
    ['/api', search],
    ['/reverse', reverse],
  ] as const) {
    app.get(path, async (req, reply) => {
      try {
        return { type: 'FeatureCollection', features: handler(req.query as Query) };
      } catch (error) {
        if (!(error instanceof BadRequest)) throw error;
        return reply.code(400).send({ message: error.message });
      }
    });
  }
  app.get('/status', async () => ({
    status: 'Ok',
    import_date: '2026-01-01T00:00:00Z',
    version: 'fake',
    git_commit: 'fake',
  }));
  app.setNotFoundHandler((req, reply) =>
    reply.code(404).send({ message: `Not found: ${req.url}` }),
  );

  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url, ...controls, close: () => app.close() };
}
