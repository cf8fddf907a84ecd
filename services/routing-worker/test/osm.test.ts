import { suggestionResponseSchema, type Session, type Suggestion } from '@oneeta/contracts';
import { createMapsProvider, parseMapsEnv } from '@oneeta/maps';
import {
  fakeOsmEnv,
  fakeOsrmTrip,
  startFakeOsrm,
  startFakePhoton,
  type FakeOsrm,
  type FakePhoton,
} from '@oneeta/maps/testing';
import { eventually } from '@oneeta/service-kit/testing';
import { bearer, createSession, type TestUser } from '@oneeta/session/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { countingProvider, startPipeline, type Pipeline } from './helpers.js';

/**
 * The route-matrix and suggestion-matrix workers on MAPS_PROVIDER=osm: travel times from OSRM and
 * places from Photon (local fakes speaking their wire formats), against the real session service.
 */
let p: Pipeline;
let osrm: FakeOsrm;
let photon: FakePhoton;
const osm = () => createMapsProvider(parseMapsEnv(fakeOsmEnv(osrm, photon)));

beforeAll(async () => {
  [p, osrm, photon] = await Promise.all([startPipeline(), startFakeOsrm(), startFakePhoton()]);
});
beforeEach(() => {
  osrm.reset();
  photon.reset();
});
afterEach(async () => {
  await p.closeWorkers();
});
afterAll(async () => {
  await Promise.all([p.close(), osrm.close(), photon.close()]);
});

const PIKE_PLACE = { lat: 47.6097, lon: -122.3422 };
const rounded = (x: { lat: number; lon: number }) => ({
  lat: Number(x.lat.toFixed(3)),
  lon: Number(x.lon.toFixed(3)),
});

const view = async (owner: TestUser, sessionId: string): Promise<Session> =>
  (
    await p.session.app.inject({
      method: 'GET',
      url: `/api/sessions/${sessionId}`,
      headers: bearer(owner.token),
    })
  ).json().session;

describe('the workers on OpenStreetMap engines', () => {
  it("computes the session's travel times with one OSRM table request and bills no transactions", async () => {
    p.worker(countingProvider(osm()).provider);
    const owner = await p.session.user({ plan: 'premium' });
    const guests = [
      { id: 'g1', name: 'Ann', lat: 47.55, lon: -122.3 },
      { id: 'g2', name: 'Bo', lat: 47.66, lon: -122.31 },
      { id: 'g3', name: 'Cy', lat: 47.7, lon: -122.2 },
    ];
    const s = await createSession(p.session, owner, {
      participants: guests,
      destination: { id: 'd', name: 'Pike Place', address: 'Seattle', position: PIKE_PLACE },
    });

    let stored!: Session;
    await eventually(async () => {
      stored = await view(owner, s.sessionId);
      return guests.every((g) => stored.participants.find((x) => x.id === g.id)?.travelTimeSeconds);
    });
    for (const g of guests) {
      const got = stored.participants.find((x) => x.id === g.id)!;
      const expected = fakeOsrmTrip('driving', rounded(g), rounded(PIKE_PLACE));
      expect(got.travelTimeSeconds, g.name).toBe(Math.round(expected.duration));
    }
    const tables = osrm.requests.filter((r) => r.path.startsWith('/table/v1/driving/'));
    expect(tables).toHaveLength(1);
    expect(tables[0]!.query).toMatchObject({
      sources: '0;1;2',
      destinations: '3',
      annotations: 'duration,distance',
    });
    expect(tables[0]!.headers['user-agent']).toMatch(/^OneETA\//);

    const usage = (await p.usage()).filter((u) => u.data.sessionId === s.sessionId);
    expect(usage.map((u) => u.data.metrics)).toEqual([
      expect.objectContaining({
        provider: 'osm',
        strategy: 'matrix',
        cells: 3,
        transactions: 0,
        providerRequests: 1,
      }),
    ]);
  });

  it('suggests cafés near the group from Photon and ranks them by OSRM travel times', async () => {
    p.suggestionWorker(countingProvider(osm()).provider);
    const owner = await p.session.user({ plan: 'premium' });
    const s = await createSession(p.session, owner, {
      participants: [
        { id: `user:${owner.id}`, lat: 47.61, lon: -122.33 },
        { id: 'g1', name: 'One', lat: 47.62, lon: -122.32 },
        { id: 'g2', name: 'Two', lat: 47.6, lon: -122.34 },
      ],
    });
    const created = await p.session.app.inject({
      method: 'POST',
      url: `/api/sessions/${s.sessionId}/suggestions`,
      headers: bearer(owner.token),
      payload: { category: 'cafe', limit: 3 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = suggestionResponseSchema.parse(created.json()).suggestion;

    let ready!: Suggestion;
    await eventually(async () => {
      const res = await p.session.app.inject({
        method: 'GET',
        url: `/api/sessions/${s.sessionId}/suggestions/${id}`,
        headers: bearer(owner.token),
      });
      ready = suggestionResponseSchema.parse(res.json()).suggestion;
      return ready.status === 'ready';
    });
    // The fake Photon's Seattle cafés, found by their OSM tag around the group's centre.
    expect(ready.candidates.map((c) => c.name).sort()).toEqual([
      'Café Allegro',
      'Storyville Coffee',
      'Victrola Coffee Roasters',
    ]);
    expect(ready.candidates.every((c) => c.id.startsWith('osm:N'))).toBe(true);
    const nearby = photon.requests.filter((r) => r.path === '/reverse');
    expect(nearby).toHaveLength(1);
    expect(nearby[0]!.query.osm_tag).toBe('amenity:cafe');
    // Three people × three cafés, every trip from OSRM: ranked by when everyone can be there (to
    // the minute, then the spread), so the farthest café comes last.
    expect(ready.ranked).toHaveLength(3);
    expect(ready.ranked.every((r) => r.travel.length === 3 && r.everyoneBy !== null)).toBe(true);
    const by = ready.ranked.map((r) => Date.parse(r.everyoneBy!));
    expect(by).toEqual([...by].sort((a, b) => a - b));
    const longest = ready.ranked.map((r) => Math.max(...r.travel.map((t) => t.travelTimeSeconds!)));
    expect(longest.at(-1)).toBe(Math.max(...longest));
    expect(ready.ranked.at(-1)!.name).toBe('Café Allegro');
    expect(osrm.requests.some((r) => r.path.startsWith('/table/v1/driving/'))).toBe(true);
  });
});
