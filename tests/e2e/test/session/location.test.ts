// Issue 6, flow 3: the location-permission overlay (doc 1 §2, §4 "Location status", §8 "Location")
// and the narrow layout, where the map can be hidden and brought back with 'Show map'.
import type { Page } from 'playwright-core';
import { createSession } from '../../src/api.js';
import { describe, expect } from '../../src/browser.js';
import { geolocation, PLACES, sessionTest as test } from '../../src/session.js';
import { arrivalPanel, openSession, panelEntry } from '../../src/session-page.js';

/** doc 1 §2 and §8, copied exactly. */
const TEXT = {
  finding: 'Finding your location…',
  required: 'Location required',
  unable: 'Unable to get location',
  tryAgain: 'Try again',
  checkSettings: 'Check settings',
  denied: 'Location permission denied. Please enable it in your browser settings to continue.',
  blocked: 'Location permission is blocked. Enable it in your browser settings.',
  unavailable: 'Location unavailable. Please check your connection or try again.',
  timeout: 'Location request timed out. Please try again.',
  showMap: 'Show map',
} as const;

/** The overlay: a section (alert, or status while busy) labelled by its title. */
function overlay(page: Page, title: string) {
  return page.getByRole(title === TEXT.finding ? 'status' : 'alert', { name: title, exact: true });
}

/**
 * Puts the page's geolocation under the test's control: every getCurrentPosition waits until the
 * test answers it with `answerPosition` (a fix) or `failPosition` (a GeolocationPositionError code).
 */
function controlGeolocation(page: Page) {
  return page.addInitScript(() => {
    type Pending = { ok: PositionCallback; fail?: PositionErrorCallback | null };
    const w = window as unknown as { __geoPending: Pending[] };
    w.__geoPending = [];
    const geo = Geolocation.prototype;
    geo.getCurrentPosition = function (ok, fail) {
      w.__geoPending.push({ ok, fail });
    };
    geo.watchPosition = function () {
      return 1;
    };
    geo.clearWatch = function () {};
  });
}

/** Counts the page's getCurrentPosition calls (the browser still answers them). */
function countPositionRequests(page: Page) {
  return page.addInitScript(() => {
    const w = window as unknown as { __geoAsked: number };
    w.__geoAsked = 0;
    const original = Geolocation.prototype.getCurrentPosition;
    Geolocation.prototype.getCurrentPosition = function (...args) {
      w.__geoAsked += 1;
      return original.apply(this, args);
    };
  });
}

function positionRequests(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __geoAsked: number }).__geoAsked);
}

async function pendingRequests(page: Page): Promise<number> {
  return page.evaluate(
    () => (window as unknown as { __geoPending: unknown[] }).__geoPending.length,
  );
}

async function failPosition(page: Page, code: 1 | 2 | 3): Promise<void> {
  await expect.poll(() => pendingRequests(page)).toBeGreaterThan(0);
  await page.evaluate((code) => {
    const w = window as unknown as {
      __geoPending: { fail?: (error: GeolocationPositionError) => void }[];
    };
    const request = w.__geoPending.shift()!;
    request.fail?.({
      code,
      message: 'test',
      PERMISSION_DENIED: 1,
      POSITION_UNAVAILABLE: 2,
      TIMEOUT: 3,
    } as GeolocationPositionError);
  }, code);
}

async function answerPosition(page: Page, at: { lat: number; lon: number }): Promise<void> {
  await expect.poll(() => pendingRequests(page)).toBeGreaterThan(0);
  await page.evaluate((at) => {
    const w = window as unknown as {
      __geoPending: { ok: (position: GeolocationPosition) => void }[];
    };
    const request = w.__geoPending.shift()!;
    const coords = {
      latitude: at.lat,
      longitude: at.lon,
      accuracy: 10,
      altitude: null,
      altitudeAccuracy: null,
      heading: null,
      speed: null,
    };
    request.ok({ coords, timestamp: Date.now() } as unknown as GeolocationPosition);
  }, at);
}

describe('quick session location and layout', () => {
  test("denied geolocation shows 'Location required' with the denied message, Try again and Check settings; allowing it in the browser clears it", async ({
    stack,
    person,
    screens,
  }) => {
    // No geolocation permission: the browser denies the request when the page asks.
    const owner = await person({ name: 'Dina Denied', at: null });
    const session = await createSession(stack, owner.user!.token);
    await openSession(owner.page, session.sessionId);
    const required = overlay(owner.page, TEXT.required);
    await required.getByText(TEXT.denied, { exact: true }).waitFor();
    await required.getByRole('button', { name: TEXT.checkSettings, exact: true }).click();
    await screens.capture('location-denied', { page: owner.page });

    await required.getByRole('button', { name: TEXT.tryAgain, exact: true }).waitFor();

    // The user allows it in the browser's site settings: the page notices and asks again by itself
    // (Try again after a failed request is covered below).
    await owner.context.setGeolocation(geolocation(PLACES.bellevue));
    await owner.context.grantPermissions(['geolocation']);
    await required.waitFor({ state: 'detached' });
    await panelEntry(owner.page, owner.name).getByText('Your device').waitFor();
    await screens.capture('location-granted', { page: owner.page });
  });

  test("once denied, the permission is blocked: a reload shows 'Location required' with the blocked message and asks nothing", async ({
    stack,
    person,
    screens,
  }) => {
    const owner = await person({ name: 'Bea Blocked', at: null });
    const session = await createSession(stack, owner.user!.token);
    await countPositionRequests(owner.page);
    await openSession(owner.page, session.sessionId);
    const required = overlay(owner.page, TEXT.required);
    await required.getByText(TEXT.denied, { exact: true }).waitFor();
    expect(await positionRequests(owner.page)).toBe(1);

    // The browser now reports the permission as denied: the page knows it without asking.
    await owner.page.reload();
    await required.getByText(TEXT.blocked, { exact: true }).waitFor();
    await required.getByRole('button', { name: TEXT.tryAgain, exact: true }).waitFor();
    await required.getByRole('button', { name: TEXT.checkSettings, exact: true }).waitFor();
    expect(await positionRequests(owner.page), 'a blocked permission asks nothing').toBe(0);
    await screens.capture('location-blocked', { page: owner.page });
  });

  test("'Finding your location…' while asking, then 'Unable to get location' when unavailable or timed out, until a position arrives", async ({
    stack,
    person,
    screens,
  }) => {
    const owner = await person({ name: 'Una Unavailable', at: null });
    const session = await createSession(stack, owner.user!.token);
    await controlGeolocation(owner.page);
    await openSession(owner.page, session.sessionId);
    await overlay(owner.page, TEXT.finding).waitFor();
    await screens.capture('location-finding', { page: owner.page });

    await failPosition(owner.page, 2);
    const unable = overlay(owner.page, TEXT.unable);
    await unable.getByText(TEXT.unavailable, { exact: true }).waitFor();
    await screens.capture('location-unavailable', { page: owner.page });

    await unable.getByRole('button', { name: TEXT.tryAgain, exact: true }).click();
    await overlay(owner.page, TEXT.finding).waitFor();
    await failPosition(owner.page, 3);
    await unable.getByText(TEXT.timeout, { exact: true }).waitFor();
    await unable.getByRole('button', { name: TEXT.checkSettings, exact: true }).waitFor();

    await unable.getByRole('button', { name: TEXT.tryAgain, exact: true }).click();
    await answerPosition(owner.page, PLACES.bellevue);
    await unable.waitFor({ state: 'detached' });
    await overlay(owner.page, TEXT.finding).waitFor({ state: 'detached' });
    await panelEntry(owner.page, owner.name).getByText('Your device').waitFor();
  });

  test("the narrow layout (390 px) hides the map and brings it back with 'Show map'", async ({
    stack,
    person,
    screens,
  }) => {
    const owner = await person({
      name: 'Nora Narrow',
      at: PLACES.bellevue,
      viewport: { width: 390, height: 844 },
    });
    const session = await createSession(stack, owner.user!.token);
    await openSession(owner.page, session.sessionId);
    // The map is shown while its search box and zoom buttons are.
    const map = owner.page.getByRole('combobox', { name: 'Search for a place', exact: true });
    const zoomIn = owner.page.getByRole('button', { name: 'Zoom in', exact: true });
    await map.waitFor();
    await zoomIn.waitFor();
    await arrivalPanel(owner.page).waitFor();
    await screens.capture('narrow-map-shown', { page: owner.page });

    await owner.page.getByRole('button', { name: 'Hide map', exact: true }).click();
    await map.waitFor({ state: 'hidden' });
    await zoomIn.waitFor({ state: 'hidden' });
    const showMap = owner.page.getByRole('button', { name: TEXT.showMap, exact: true });
    await showMap.waitFor();
    await screens.capture('narrow-map-hidden', { page: owner.page });

    await showMap.click();
    await map.waitFor();
    await showMap.waitFor({ state: 'hidden' });

    // Wide screens always show the map: no Show map button there.
    await owner.page.setViewportSize({ width: 1280, height: 800 });
    await map.waitFor();
    expect(await showMap.count()).toBe(0);
  });
});
