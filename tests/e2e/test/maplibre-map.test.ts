// The MapLibre street map (MAP_STYLE_URL): a stack of its own whose routing service and gateway
// get the style of a tile server this test runs on 127.0.0.1 (a style JSON and PNG tiles made here).
// The map draws those tiles with WebGL (SwiftShader under the harness's flags), credits
// '© OpenStreetMap contributors' beside the style's own credit, shows the markers and follows a
// participant who moves; a pin dropped on it and confirmed becomes the session's destination; a
// style that does not load leaves the offline map. The same stack runs MAPS_PROVIDER=osm against a
// fake OSRM and a fake Photon (local servers speaking their wire formats): the page's search finds a
// café through Photon and OSRM times everyone's trip to it.
import path from 'node:path';
import {
  fakeOsmEnv,
  fakeOsrmTrip,
  startFakeOsrm,
  startFakePhoton,
  type FakeOsrm,
  type FakePhoton,
} from '@oneeta/maps/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { createSession, sessionId } from '../src/api.js';
import { describe, expect } from '../src/browser.js';
import {
  acceptByApi,
  inviteByApi,
  PLACES,
  participantOf,
  registerPerson,
  sendLocation,
  sessionTest,
  waitForSession,
} from '../src/session.js';
import {
  droppedPinAt,
  expectInputValue,
  openSession,
  panelEntry,
  placeSearch,
} from '../src/session-page.js';
import { startStack, type RunningStack } from '../src/stack.js';
import {
  canvas,
  gapToDestination,
  mapReady,
  mapView,
  marker,
  offCenter,
  settledTiles,
  tilePaint,
} from '../src/street-map.js';
import { startTileServer, TILE_ATTRIBUTION, type TileServer } from '../src/tile-server.js';

const OSM = '© OpenStreetMap contributors';
const MAP_SEARCH = 'Search for a place';
const START_TIMEOUT_MS = Number(process.env.E2E_START_TIMEOUT_MS ?? 300_000);

let tiles: TileServer;
let osrm: FakeOsrm;
let photon: FakePhoton;
let stack: RunningStack | undefined;

beforeAll(async () => {
  [tiles, osrm, photon] = await Promise.all([
    startTileServer(),
    startFakeOsrm(),
    startFakePhoton(),
  ]);
  stack = await startStack({ MAP_STYLE_URL: tiles.styleUrl, ...fakeOsmEnv(osrm, photon) });
}, START_TIMEOUT_MS + 20_000);

afterAll(async () => {
  const code = await stack?.stop();
  if (code !== 0 && stack) process.stderr.write(`maplibre stack: ${stack.output().slice(-3000)}\n`);
  await Promise.all([tiles?.close(), osrm?.close(), photon?.close()]);
}, 60_000);

const test = sessionTest.override('stack', () => {
  if (!stack) throw new Error('the MapLibre stack did not start');
  const { output: _output, stop: _stop, ...info } = stack;
  return info;
});

const tilesSettled = (page: Page) => settledTiles(page, tiles);

/** Console errors that are not the page's own fault: a new session's GET answers 404 until saved. */
const unexpected = (errors: string[]) =>
  errors.filter((e) => !e.includes('the server responded with a status of 404'));

describe('the MapLibre street map (MAP_STYLE_URL)', () => {
  test('draws the style’s tiles with its credits and OpenStreetMap’s, the markers, and follows a participant who moves', async ({
    stack,
    person,
    screens,
  }) => {
    const owner = await person({ name: 'Mia Maplibre', at: PLACES.bellevue });
    const { page } = owner;
    const workers: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('maplibre-gl-worker')) workers.push(request.url());
    });
    const session = await createSession(stack, owner.user!.token, { name: 'Pike Place Market' });
    const id = session.sessionId;
    const ada = await registerPerson(stack, 'Ada Mover');
    const invite = await inviteByApi(stack, owner.user!.token, id, ada);
    await acceptByApi(stack, ada, id, invite.code!, PLACES.redmond);
    await sendLocation(stack, owner.user!.token, PLACES.bellevue);
    const seeded = await waitForSession(stack, owner.user!.token, id, (s) =>
      s.participants.every((p) => p.lat !== null),
    );
    const adaId = participantOf(seeded, ada)!.id;

    // The token call names the style; the map is MapLibre's, not the offline drawing.
    const token = await fetch(`${stack.base}/api/maps/token`).then((r) => r.json());
    expect(token).toEqual({
      clientId: null,
      accessToken: null,
      provider: 'maplibre',
      authType: null,
      expiresAt: null,
      styleUrl: tiles.styleUrl,
      attribution: OSM,
    });
    await openSession(page, id);
    await page.locator('.smap-frame[data-provider="maplibre"]').waitFor();
    await mapReady(page);
    expect(await page.locator('svg.smap-svg').count()).toBe(0);

    // The tiles came from the local server, through MapLibre's worker served from our origin,
    // and WebGL drew them: most of the map is in the tiles' colours, from more than one tile.
    expect(tiles.requests).toContain('/style.json');
    await expect
      .poll(() => tiles.requests.filter((p) => p.startsWith('/tiles/')).length)
      .toBeGreaterThan(0);
    expect(workers.length).toBeGreaterThan(0);
    expect(workers.every((url) => url.startsWith(`${stack.base}/assets/`))).toBe(true);
    await expect
      .poll(async () => tilePaint(page), { timeout: 20_000 })
      .toMatchObject({ bothGrounds: true });
    expect((await tilePaint(page)).share).toBeGreaterThan(0.6);

    // The credits stay open and name both.
    const credits = mapView(page).locator('.maplibregl-ctrl-attrib');
    await expect.poll(() => credits.textContent()).toContain(OSM);
    expect(await credits.textContent()).toContain(TILE_ATTRIBUTION);
    expect(await credits.isVisible()).toBe(true);

    // The destination, the viewer and Ada, all within the map.
    await marker(page, '[data-kind="destination"]').waitFor();
    await marker(page, '[data-kind="me"]').waitFor();
    await marker(page, `[data-marker-id="${adaId}"]`).waitFor();
    expect(await marker(page, '').count()).toBe(3);
    const frame = (await canvas(page).boundingBox())!;
    for (const shape of await mapView(page).locator('.smap-hshape').all()) {
      const box = (await shape.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(frame.x);
      expect(box.x + box.width).toBeLessThanOrEqual(frame.x + frame.width);
      expect(box.y).toBeGreaterThanOrEqual(frame.y);
      expect(box.y + box.height).toBeLessThanOrEqual(frame.y + frame.height);
    }
    expect(await marker(page, `[data-marker-id="${adaId}"]`).textContent()).toContain('Ada');
    await screens.capture('maplibre-map', { page, settled: tilesSettled });

    // 'Find on map' follows Ada; when she moves about 35 km north, the camera goes with her.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await panelEntry(page, ada.name!).getByRole('button', { name: 'Details', exact: true }).click();
    const details = page.getByRole('dialog', { name: ada.name!, exact: true });
    await details.getByRole('button', { name: 'Find on map', exact: true }).click();
    await details.waitFor({ state: 'detached' });
    const badge = page
      .getByRole('status')
      .filter({ hasText: 'Following' })
      .filter({ has: page.getByRole('button', { name: 'Stop', exact: true }) });
    await badge.waitFor();
    await expect.poll(() => offCenter(page, adaId)).toBeLessThan(40);
    const gapBefore = await gapToDestination(page, adaId);
    await sendLocation(stack, ada.token, PLACES.everett);
    await expect
      .poll(async () => Math.abs((await gapToDestination(page, adaId)) - gapBefore), {
        timeout: 20_000,
      })
      .toBeGreaterThan(30);
    await expect.poll(() => offCenter(page, adaId)).toBeLessThan(40);
    await mapView(page).scrollIntoViewIfNeeded();
    await screens.capture('maplibre-following', { page, settled: tilesSettled });
    // At 390 px too the credits stay open (not folded behind a button).
    await page.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(() => credits.evaluate((el) => el.classList.contains('maplibregl-compact')))
      .toBe(false);
    expect(await credits.isVisible()).toBe(true);
    // The whole map on a phone's screen, below the sticky header, its credits above the bottom bar.
    await page.evaluate(() => {
      const frame = document.querySelector('.smap-frame')!;
      window.scrollBy(0, frame.getBoundingClientRect().top - 76);
    });
    await tilesSettled(page);
    await page.screenshot({ path: path.join(screens.dir, 'maplibre-credits-390.png') });

    // The policy let everything through: no request was refused.
    expect(owner.errors.filter((e) => /Content Security Policy|Refused to/i.test(e))).toEqual([]);
    expect(owner.errors).toEqual([]);
  });

  test('a pin dropped on the street map and confirmed becomes the saved destination', async ({
    stack,
    person,
    screens,
  }) => {
    const owner = await person({ name: 'Pia Pinner', at: PLACES.seattle });
    const { page } = owner;
    const id = sessionId();
    await openSession(page, id);
    await mapReady(page);
    const results = placeSearch(page, MAP_SEARCH).getByRole('listbox', {
      name: 'Search results',
      exact: true,
    });
    const pinned = results.getByRole('option', { name: /^Selected place/ });
    const at = async (fx: number, fy: number) => {
      await canvas(page).scrollIntoViewIfNeeded();
      const box = (await canvas(page).boundingBox())!;
      return { x: box.x + box.width * fx, y: box.y + box.height * fy };
    };

    // Dragging pans the map and drops nothing.
    const from = await at(0.5, 0.7);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + 60, from.y - 20, { steps: 6 });
    await page.mouse.up();
    expect(await pinned.count()).toBe(0);

    // A click drops the pin where it was: 'Selected place' at its coordinates, its marker there.
    const spot = await at(0.4, 0.72);
    await page.mouse.click(spot.x, spot.y);
    await pinned.waitFor();
    expect(await pinned.getAttribute('aria-selected')).toBe('true');
    const shown = await droppedPinAt(page, MAP_SEARCH);
    // The map opened on the user (zoom 16) and moved 60 px: the pin is near them.
    expect(Math.abs(shown.lat - PLACES.seattle.lat)).toBeLessThan(0.02);
    expect(Math.abs(shown.lon - PLACES.seattle.lon)).toBeLessThan(0.02);
    // The reverse-geocoded address replaces the coordinates, and the markers are drawn again.
    await pinned.filter({ hasText: 'Seattle, WA' }).waitFor();
    const shape = marker(page, '[data-kind="selected"]').locator('.smap-hshape');
    const boxes: { x: number; y: number; width: number; height: number }[] = [];
    await expect
      .poll(async () => {
        const box = await shape.boundingBox();
        if (box) boxes.push(box);
        return box !== null;
      })
      .toBe(true);
    const pin = boxes.at(-1)!;
    // The pin's tip (the rotated square's lowest corner, 6 px of margin below it) is on the spot.
    expect(Math.abs(pin.x + pin.width / 2 - spot.x)).toBeLessThan(4);
    expect(Math.abs(pin.y + pin.height + 2 - spot.y)).toBeLessThan(8);

    const name = placeSearch(page, MAP_SEARCH).getByLabel('Name of the pinned place', {
      exact: true,
    });
    await name.fill('Street corner');
    await screens.capture('maplibre-pin-dropped', { page, settled: tilesSettled });
    await placeSearch(page, MAP_SEARCH)
      .getByRole('button', { name: 'Confirm', exact: true })
      .click();
    await results.waitFor({ state: 'detached' });
    await expectInputValue(page, 'Timezone', 'America/Los_Angeles');
    const save = page.getByRole('button', { name: 'Save changes', exact: true });
    await save.click();
    await save.waitFor({ state: 'detached', timeout: 30_000 });

    // The server has it, with the exact coordinates the pin showed.
    const saved = await waitForSession(
      stack,
      owner.user!.token,
      id,
      (s) => s.destination?.name === 'Street corner',
      { what: 'the pinned destination to be saved' },
    );
    const position = saved.destination!.position;
    expect(Math.abs(position.lat - shown.lat)).toBeLessThan(1e-5);
    expect(Math.abs(position.lon - shown.lon)).toBeLessThan(1e-5);
    expect(saved.destination!.id).toBe(`pin:${position.lat},${position.lon}`);
    await marker(page, '[data-kind="destination"]').waitFor();
    expect(unexpected(owner.errors)).toEqual([]);
  });

  test('on OpenStreetMap engines: the search finds a café through Photon, and OSRM times the trip to it', async ({
    stack,
    person,
    screens,
  }) => {
    const owner = await person({ name: 'Otto Osm', at: PLACES.bellevue });
    const { page } = owner;
    const id = sessionId();
    await openSession(page, id);
    await mapReady(page);
    const box = page.getByRole('combobox', { name: MAP_SEARCH, exact: true });
    await box.fill('Storyville');
    await placeSearch(page, MAP_SEARCH)
      .getByRole('button', { name: 'Search', exact: true })
      .click();
    const cafe = placeSearch(page, MAP_SEARCH)
      .getByRole('listbox', { name: 'Search results', exact: true })
      .getByRole('option', { name: /Storyville Coffee/ });
    await cafe.waitFor();
    // Photon was asked near the viewer, by an application that names itself.
    const asked = photon.requests.find((r) => r.path === '/api' && r.query.q === 'Storyville');
    expect(asked?.headers['user-agent']).toMatch(/^OneETA\//);
    expect(Number(asked?.query.lat)).toBeCloseTo(PLACES.bellevue.lat, 2);
    expect(await cafe.textContent()).toContain('94 Pike Street');
    await cafe.click();
    await screens.capture('osm-search-cafe', { page, settled: tilesSettled });
    await placeSearch(page, MAP_SEARCH)
      .getByRole('button', { name: 'Confirm', exact: true })
      .click();
    await expectInputValue(page, 'Timezone', 'America/Los_Angeles');
    const save = page.getByRole('button', { name: 'Save changes', exact: true });
    await save.click();
    await save.waitFor({ state: 'detached', timeout: 30_000 });

    // The route worker timed the owner's trip with OSRM: the fake's time for these points.
    const saved = await waitForSession(
      stack,
      owner.user!.token,
      id,
      (s) =>
        s.destination?.name === 'Storyville Coffee' &&
        (participantOf(s, owner.user!)?.travelTimeSeconds ?? null) !== null,
      { what: "the café saved and the owner's travel time from OSRM" },
    );
    const me = participantOf(saved, owner.user!)!;
    // OSRM was asked from the owner's (rounded) position to the café: the fake's time for that trip.
    const timed = osrm.requests.filter((r) => /^\/(route|table)\/v1\/driving\//.test(r.path));
    expect(timed.length).toBeGreaterThan(0);
    const points = timed
      .at(-1)!
      .path.split('/')
      .at(-1)!
      .split(';')
      .map((pair) => pair.split(',').map(Number) as [number, number])
      .map(([lon, lat]) => ({ lat, lon }));
    const target = points.at(-1)!;
    expect(target.lat).toBeCloseTo(saved.destination!.position.lat, 3);
    expect(me.travelTimeSeconds).toBe(
      Math.round(fakeOsrmTrip('driving', points[0]!, target).duration),
    );
    expect(unexpected(owner.errors)).toEqual([]);
  });

  test('a style that does not load leaves the offline map, saying why', async ({ person }) => {
    tiles.failStyle = true;
    try {
      const owner = await person({ name: 'Olu Offline', at: PLACES.seattle });
      await openSession(owner.page, sessionId());
      await owner.page.locator('svg.smap-svg').waitFor({ timeout: 20_000 });
      await owner.page.locator('.smap-frame[data-provider="offline"]').waitFor();
      await owner.page
        .getByRole('status')
        .filter({ hasText: 'Failed to load MapLibre Maps SDK · Offline map' })
        .waitFor();
      expect(await owner.page.locator('.smap-maplibre').count()).toBe(0);
    } finally {
      tiles.failStyle = false;
    }
  });
});
