/**
 * Offline place search over the bundled gazetteer.
 *
 * Matching (on `normalizeName` forms, so case and accents never matter; only the text before the
 * first comma is matched, so 'Paris, France' searches for 'paris'):
 *   exact name                                  quality 1.0
 *   name starts with the query                  0.8–0.9 (more of the name typed → higher)
 *   a later word of the name starts with it     0.7     ('york' → 'New York')
 *   one typo (edit, insertion, deletion or
 *   swap of two neighbours) in the query or
 *   in the name's first query-length letters    0.6     (queries of 4+ letters)
 *   two typos                                   0.45    (queries of 7+ letters)
 *   (typo matches against only a name prefix score 0.05 less than against the whole name)
 *
 * Ranking score = 0.6 × quality + 0.25 × population score + 0.15 × proximity, where
 *   population score = min(1, log10(1 + population) / 7)   (10 million people → 1)
 *   proximity        = 1 − distance / radius when `near` is given (0 at the radius edge), else 0;
 *                      without `radiusMeters` the radius is the Earth's circumference (a gentle bias).
 * When `near` and `radiusMeters` are given, places farther than `radiusMeters` are dropped; and a
 * nearby typo match (quality < 0.7) is dropped when some place farther away is spelled as typed
 * (exact, prefix or later word), so 'Portland' near Seattle is not taken for 'Parkland': the caller
 * (searchNearFirst) then searches everywhere and finds Portland, Oregon. Ties go to the larger
 * population, then the smaller GeoNames id, so the order is deterministic.
 */
import type { SearchResult } from '@oneeta/contracts';
import type { PlaceSearchQuery } from '../port.js';
import { haversineMeters } from './estimate.js';
import { gazetteer, normalizeName, type GazetteerCity } from './gazetteer.js';

export const SEARCH_WEIGHTS = Object.freeze({ match: 0.6, population: 0.25, proximity: 0.15 });
/** The proximity radius of an unrestricted search near a point. */
export const EARTH_CIRCUMFERENCE_METERS = 40_075_000;

export interface RankedCity {
  city: GazetteerCity;
  score: number;
  /** Metres from `near`, when given. */
  distanceMeters: number | null;
  /** matchQuality of the name. */
  quality: number;
}

// Reused DP rows (three consecutive rows of the optimal-string-alignment table).
let rows: [Int32Array, Int32Array, Int32Array] = [
  new Int32Array(64),
  new Int32Array(64),
  new Int32Array(64),
];

/**
 * Fewest typos (insertions, deletions, substitutions, swaps of neighbours) turning `query` into
 * some prefix of `key` — the prefix being `key` itself counts as a whole-name match — or null when
 * more than `max` are needed. A banded optimal-string-alignment table, O(|query| × (2·max + 1)).
 */
function prefixTypos(
  query: string,
  key: string,
  max: number,
): { typos: number; whole: boolean } | null {
  const n = query.length;
  const m = Math.min(key.length, n + max);
  if (key.length < n - max) return null;
  const inf = max + 1;
  if (rows[0].length < m + 1)
    rows = [new Int32Array(m + 1), new Int32Array(m + 1), new Int32Array(m + 1)];
  let [before, prev, cur] = rows;
  for (let j = 0; j <= m; j++) prev[j] = j <= max ? j : inf;
  for (let i = 1; i <= n; i++) {
    let rowMin = inf;
    for (let j = 0; j <= m; j++) {
      if (Math.abs(i - j) > max) {
        cur[j] = inf;
        continue;
      }
      if (j === 0) {
        cur[0] = i;
      } else {
        const cost = query.charCodeAt(i - 1) === key.charCodeAt(j - 1) ? 0 : 1;
        let d = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
        const swapped =
          i > 1 && j > 1 && query[i - 1] === key[j - 2] && query[i - 2] === key[j - 1];
        if (swapped) d = Math.min(d, before[j - 2]! + 1);
        cur[j] = Math.min(d, inf);
      }
      rowMin = Math.min(rowMin, cur[j]!);
    }
    if (rowMin > max) return null;
    [before, prev, cur] = [prev, cur, before];
  }
  let best: { typos: number; whole: boolean } | null = null;
  for (let j = Math.max(0, n - max); j <= m; j++) {
    const typos = prev[j]!;
    const whole = j === key.length;
    if (typos > max) continue;
    if (!best || typos < best.typos || (typos === best.typos && whole)) best = { typos, whole };
  }
  return best;
}

const allowedTypos = (query: string): number => (query.length >= 7 ? 2 : query.length >= 4 ? 1 : 0);

/** Quality of a match without typos: exact, prefix or later word (0 when none). */
function spelledQuality(query: string, key: string): number {
  if (key === query) return 1;
  if (key.startsWith(query)) return 0.8 + 0.1 * (query.length / key.length);
  if (key.includes(` ${query}`)) return 0.7;
  return 0;
}
const SPELLED = 0.7;

/** How well a normalised name matches a normalised query, 0 (no match) to 1 (exact). */
export function matchQuality(query: string, key: string): number {
  const spelled = spelledQuality(query, key);
  if (spelled > 0) return spelled;
  const max = allowedTypos(query);
  if (max === 0) return 0;
  const match = prefixTypos(query, key, max);
  if (!match || match.typos === 0) return 0;
  return (match.typos === 1 ? 0.6 : 0.45) - (match.whole ? 0 : 0.05);
}

const populationScore = (population: number): number => Math.min(1, Math.log10(1 + population) / 7);

/** Gazetteer places matching the query, best first, at most `limit`. */
export function rankCities(query: PlaceSearchQuery): RankedCity[] {
  const text = normalizeName(query.query.split(',')[0] ?? '');
  if (!text || query.limit <= 0) return [];
  const { near } = query;
  const restricted = query.radiusMeters !== undefined;
  const radiusMeters = query.radiusMeters ?? EARTH_CIRCUMFERENCE_METERS;
  const ranked: RankedCity[] = [];
  /** A place beyond the radius is spelled as typed. */
  let spelledFarther = false;
  for (const city of gazetteer()) {
    let distanceMeters: number | null = null;
    let proximity = 0;
    if (near) {
      distanceMeters = haversineMeters(near, city);
      if (restricted && distanceMeters > radiusMeters) {
        spelledFarther ||= spelledQuality(text, city.key) > 0;
        continue;
      }
      proximity = radiusMeters > 0 ? 1 - distanceMeters / radiusMeters : 1;
    }
    const quality = matchQuality(text, city.key);
    if (quality === 0) continue;
    const w = SEARCH_WEIGHTS;
    const score =
      w.match * quality + w.population * populationScore(city.population) + w.proximity * proximity;
    ranked.push({ city, score, distanceMeters, quality });
  }
  if (spelledFarther)
    ranked.splice(0, ranked.length, ...ranked.filter((r) => r.quality >= SPELLED));
  ranked.sort(
    (a, b) => b.score - a.score || b.city.population - a.city.population || a.city.id - b.city.id,
  );
  return ranked.slice(0, query.limit);
}

/** A gazetteer place in the Azure fuzzy-search result shape. */
export function toSearchResult(city: GazetteerCity): SearchResult {
  const freeformAddress = [city.name, city.adminCode, city.country].filter(Boolean).join(', ');
  return {
    id: `city:${city.id}`,
    poi: { name: city.name },
    address: { freeformAddress },
    position: { lat: city.lat, lon: city.lon },
  };
}

export function searchGazetteer(query: PlaceSearchQuery): SearchResult[] {
  return rankCities(query).map((r) => toSearchResult(r.city));
}
