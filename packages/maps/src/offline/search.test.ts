import { describe, expect, it } from 'vitest';
import { normalizeName } from './gazetteer.js';
import { haversineMeters } from './estimate.js';
import { matchQuality, searchGazetteer } from './search.js';

const search = (
  query: string,
  extra: { near?: { lat: number; lon: number }; radiusMeters?: number; limit?: number } = {},
) =>
  searchGazetteer({
    query,
    radiusMeters: extra.radiusMeters ?? 100_000,
    limit: extra.limit ?? 5,
    near: extra.near,
  });
const names = (query: string, extra?: Parameters<typeof search>[1]) =>
  search(query, extra).map((r) => r.address.freeformAddress);

describe('normalizeName', () => {
  it('ignores case, accents and punctuation', () => {
    expect(normalizeName('Zürich')).toBe('zurich');
    expect(normalizeName('SÃO  Paulo')).toBe('sao paulo');
    expect(normalizeName('Kraków')).toBe('krakow');
    expect(normalizeName('Ærøskøbing')).toBe('aeroskobing');
    expect(normalizeName('Straße')).toBe('strasse');
    expect(normalizeName("Val-d'Or")).toBe('val d or');
  });
});

describe('matchQuality', () => {
  it('ranks exact > prefix > later word > one typo > two typos > nothing', () => {
    const exact = matchQuality('seattle', 'seattle');
    const prefix = matchQuality('seat', 'seattle');
    const word = matchQuality('york', 'new york city');
    const oneTypo = matchQuality('seatle', 'seattle');
    const twoTypos = matchQuality('sacremanto', 'sacramento');
    expect(exact).toBe(1);
    expect([exact, prefix, word, oneTypo, twoTypos]).toEqual(
      [...[exact, prefix, word, oneTypo, twoTypos]].sort((a, b) => b - a),
    );
    expect(twoTypos).toBeGreaterThan(0);
    expect(matchQuality('sacremento', 'seattle')).toBe(0);
  });

  it('allows no typo in queries shorter than 4 letters, and one below 7', () => {
    expect(matchQuality('nyx', 'nyc')).toBe(0);
    expect(matchQuality('lndon', 'london')).toBeGreaterThan(0);
    expect(matchQuality('lnodn', 'london')).toBe(0);
  });
});

describe('searchGazetteer', () => {
  it('formats results like Azure fuzzy search', () => {
    expect(search('Seattle', { limit: 1 })).toEqual([
      {
        id: 'city:5809844',
        poi: { name: 'Seattle' },
        address: { freeformAddress: 'Seattle, WA, US' },
        position: { lat: 47.60621, lon: -122.33207 },
      },
    ]);
  });

  it('finds cities whatever the case and accents, and with one or two typos', () => {
    for (const query of ['SEATTLE', 'seatle', 'Seattel', 'Saettle'])
      expect(names(query)[0]).toBe('Seattle, WA, US');
    expect(names('zurich')[0]).toBe('Zürich, ZH, CH');
    expect(names('Sacremanto')[0]).toBe('Sacramento, CA, US');
    expect(names('Sao Paulo')[0]).toBe('São Paulo, 27, BR');
  });

  it('matches only the text before a comma', () => {
    expect(names('Paris, France')[0]).toBe('Paris, 11, FR');
  });

  it('prefers the big city without near, and the nearby one with near', () => {
    expect(names('Paris')[0]).toBe('Paris, 11, FR');
    const texas = { lat: 33.66, lon: -95.55 };
    expect(names('Paris', { near: texas, radiusMeters: 50_000 })).toEqual(['Paris, TX, US']);
  });

  it('drops places beyond the radius and honours the limit', () => {
    const seattle = { lat: 47.6062, lon: -122.3321 };
    const results = search('Lake', { near: seattle, radiusMeters: 30_000, limit: 20 });
    expect(results.length).toBeGreaterThan(3);
    for (const r of results)
      expect(haversineMeters(r.position, seattle)).toBeLessThanOrEqual(30_000);
    expect(search('Lake', { limit: 2 })).toHaveLength(2);
    expect(search('   ,')).toEqual([]);
  });

  it('is deterministic', () => {
    expect(search('Springfield', { limit: 10 })).toEqual(search('Springfield', { limit: 10 }));
  });
});

describe('searchGazetteer near a point', () => {
  const seattle = { lat: 47.6062, lon: -122.3321 };
  it('takes no nearby typo for the query when a place farther away is spelled as typed', () => {
    // 'Portland' is not 'Parkland' (one typo, 15 km away): nothing nearby, so the caller looks everywhere.
    expect(names('Portland', { near: seattle, radiusMeters: 100_000 })).toEqual([]);
    // A real misspelling still finds the nearby place.
    expect(names('Tacomma', { near: seattle, radiusMeters: 100_000 })[0]).toBe('Tacoma, WA, US');
  });

  it('without a radius covers the whole world, nearer places of a name first', () => {
    expect(names('Denver', { near: seattle, radiusMeters: 100_000 })).toEqual([]);
    expect(
      searchGazetteer({ query: 'Denver', near: seattle, limit: 3 }).map(
        (r) => r.address.freeformAddress,
      )[0],
    ).toBe('Denver, CO, US');
  });
});
