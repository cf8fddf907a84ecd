/**
 * Search near the caller first, then everywhere (issue 12 §5): against the offline gazetteer and
 * against the adapter talking to the fake Azure Maps over HTTP.
 */
import { describe, expect, it } from 'vitest';
import { haversineMeters } from '../src/offline/estimate.js';
import { createOfflineMapsProvider } from '../src/offline/provider.js';
import { searchNearFirst } from '../src/search-near-first.js';
import { useFakeAzure } from './azure-harness.js';
import { places } from './factories.js';

const h = useFakeAzure();
const seattle = places.seattle;
const DENVER = { lat: 39.7392, lon: -104.9847 };

describe('searchNearFirst on the offline gazetteer', () => {
  const offline = createOfflineMapsProvider();

  it('answers nearby matches within the radius when there are some', async () => {
    const answer = await searchNearFirst(offline, {
      query: 'Tacoma',
      near: seattle,
      radiusMeters: 100_000,
      limit: 5,
    });
    expect(answer).toMatchObject({
      scope: 'nearby',
      radiusMeters: 100_000,
      coverage: 'cities',
      searches: 1,
    });
    expect(answer.results[0]?.address.freeformAddress).toBe('Tacoma, WA, US');
    for (const r of answer.results)
      expect(haversineMeters(r.position, seattle)).toBeLessThanOrEqual(100_000);
  });

  it('falls back to the whole gazetteer when nothing matches nearby: Denver from Seattle', async () => {
    const answer = await searchNearFirst(offline, {
      query: 'Denver',
      near: seattle,
      radiusMeters: 100_000,
      limit: 5,
    });
    expect(answer).toMatchObject({
      scope: 'everywhere',
      radiusMeters: 100_000,
      coverage: 'cities',
      searches: 2,
    });
    expect(answer.results[0]?.address.freeformAddress).toBe('Denver, CO, US');
    expect(haversineMeters(answer.results[0]!.position, DENVER)).toBeLessThan(5_000);
    expect(answer.results.length).toBeLessThanOrEqual(5);
  });

  it('ranks the nearer of equal names first in the fallback', async () => {
    // No 'Portland' within 100 km of Seattle: Portland, Oregon (≈230 km) beats Portland, Maine.
    const answer = await searchNearFirst(offline, {
      query: 'Portland',
      near: seattle,
      radiusMeters: 100_000,
      limit: 5,
    });
    expect(answer.scope).toBe('everywhere');
    expect(answer.results[0]?.address.freeformAddress).toBe('Portland, OR, US');
  });

  it('searches everywhere at once without a position, and says when nothing exists anywhere', async () => {
    const anywhere = await searchNearFirst(offline, {
      query: 'Denver',
      radiusMeters: 100_000,
      limit: 3,
    });
    expect(anywhere).toMatchObject({ scope: 'everywhere', radiusMeters: null, searches: 1 });
    expect(anywhere.results[0]?.poi?.name).toBe('Denver');
    const none = await searchNearFirst(offline, {
      query: 'Qxzvbnm',
      near: seattle,
      radiusMeters: 100_000,
      limit: 5,
    });
    expect(none).toMatchObject({
      results: [],
      scope: 'everywhere',
      radiusMeters: 100_000,
      searches: 2,
    });
  });
});

describe('searchNearFirst on Azure Maps (fake wire format)', () => {
  it('asks within the radius first and, when that is empty, once more without a radius (biased to the caller)', async () => {
    const answer = await searchNearFirst(h.azure(), {
      query: 'Denver',
      near: seattle,
      radiusMeters: 100_000,
      limit: 4,
    });
    expect(answer).toMatchObject({
      scope: 'everywhere',
      radiusMeters: 100_000,
      coverage: 'addresses',
      searches: 2,
    });
    expect(answer.results[0]?.poi?.name).toBe('Denver');
    const near = { lat: String(seattle.lat), lon: String(seattle.lon) };
    expect(h.mapsRequests().map((r) => r.query)).toEqual([
      { 'api-version': '1.0', query: 'Denver', limit: '4', ...near, radius: '100000' },
      { 'api-version': '1.0', query: 'Denver', limit: '4', ...near },
    ]);
  });

  it('makes one request when something is nearby', async () => {
    const answer = await searchNearFirst(h.azure(), {
      query: 'Tacoma',
      near: seattle,
      radiusMeters: 100_000,
      limit: 4,
    });
    expect(answer).toMatchObject({ scope: 'nearby', searches: 1 });
    expect(answer.results[0]?.poi?.name).toBe('Tacoma');
    expect(h.mapsRequests()).toHaveLength(1);
  });
});
