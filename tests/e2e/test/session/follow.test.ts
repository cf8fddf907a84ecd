// Issue 6: the arrival panel drives the map (doc 2 §7 centerOn / followParticipant /
// followPosition, §8 toasts, §9 the 120 ms delay; doc 1 §4 "Map follow mode"). 'Center on map'
// centers once; 'Find on map' follows: the camera keeps the participant in view as they move,
// with the 'Following' badge, until Stop or a press on the map after the 150 ms grace.
import type { Locator, Page } from 'playwright-core';
import { createSession } from '../../src/api.js';
import { describe, expect } from '../../src/browser.js';
import {
  acceptByApi,
  inviteByApi,
  PLACES,
  participantOf,
  sendLocation,
  sessionTest as test,
  registerPerson,
  waitForSession,
} from '../../src/session.js';
import {
  expectToast,
  mapDrawing,
  mapHeight,
  markersOutside,
  openSession,
  panelEntry,
  routeText,
} from '../../src/session-page.js';

/** doc 2 §8 and doc 1 §2, copied exactly. */
const TEXT = {
  centered: 'Map centered',
  followingParticipant: 'Following participant on map. Pan or zoom to stop following.',
  followingPosition: 'Following position on map. Pan or zoom to stop following.',
  following: 'Following',
  stop: 'Stop',
} as const;

/** How far (px) the marker of `participantId` is from the middle of the map, horizontally. */
async function offCenter(page: Page, participantId: string): Promise<number> {
  const svg = await mapDrawing(page).boundingBox();
  const marker = await page.locator(`[data-marker-id="${participantId}"]`).first().boundingBox();
  if (!svg || !marker) return Number.POSITIVE_INFINITY;
  return Math.abs(marker.x + marker.width / 2 - (svg.x + svg.width / 2));
}

/** How far (px) the marker of `participantId` is from the destination's: it changes once the page
 * has heard that they moved (the camera may follow them, the destination stays where it is). */
async function gapToDestination(page: Page, participantId: string): Promise<number> {
  const centre = async (selector: string) => {
    const box = await page.locator(selector).first().boundingBox();
    return box ? { x: box.x + box.width / 2, y: box.y + box.height / 2 } : null;
  };
  const marker = await centre(`[data-marker-id="${participantId}"]`);
  const destination = await centre('.smap-marker[data-kind="destination"]');
  if (!marker || !destination) return Number.NaN;
  return Math.hypot(marker.x - destination.x, marker.y - destination.y);
}

/** The 'Following' badge of the map (a status with a Stop button). */
function followBadge(page: Page): Locator {
  return page
    .getByRole('status')
    .filter({ hasText: TEXT.following })
    .filter({ has: page.getByRole('button', { name: TEXT.stop, exact: true }) });
}

async function openDetails(page: Page, name: string): Promise<Locator> {
  await panelEntry(page, name).getByRole('button', { name: 'Details', exact: true }).click();
  const dialog = page.getByRole('dialog', { name, exact: true });
  await dialog.waitFor();
  return dialog;
}

describe('arrival panel and map follow mode', () => {
  test("'Center on map' centers once; 'Find on map' follows a participant as they move, until Stop or a press on the map", async ({
    stack,
    person,
    screens,
  }) => {
    const owner = await person({ name: 'Fay Follower', at: PLACES.bellevue });
    const session = await createSession(stack, owner.user!.token, { name: 'Pike Place Market' });
    const id = session.sessionId;
    // Ada takes part through the API only: her positions are what the server hears.
    const ada = await registerPerson(stack, 'Ada Mover');
    const invite = await inviteByApi(stack, owner.user!.token, id, ada);
    await acceptByApi(stack, ada, id, invite.code!, PLACES.redmond);
    await sendLocation(stack, owner.user!.token, PLACES.bellevue);
    const seeded = await waitForSession(stack, owner.user!.token, id, (s) =>
      s.participants.every((p) => p.lat !== null),
    );
    const adaId = participantOf(seeded, ada)!.id;
    const { page } = owner;
    await openSession(page, id);
    await panelEntry(page, ada.name!).waitFor();
    await page.locator(`[data-marker-id="${adaId}"]`).first().waitFor();

    // The first load fits the destination and both people; so does a resized map (collapsed, a phone).
    // The map's heights (doc 1 §2): expanded 82 % of the viewport's height; collapsed 420 px from
    // 720 px wide, 36 % of the height below.
    await expect.poll(() => markersOutside(page)).toEqual([]);
    expect(await page.locator('.smap-marker').count()).toBe(3);
    await expect.poll(() => mapHeight(page)).toBe(656);
    await page.getByRole('button', { name: 'Collapse map', exact: true }).click();
    await expect.poll(() => mapHeight(page)).toBe(420);
    await expect.poll(() => markersOutside(page)).toEqual([]);
    await page.getByRole('button', { name: 'Expand map', exact: true }).click();
    await expect.poll(() => markersOutside(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => mapHeight(page)).toBe(692);
    await expect.poll(() => markersOutside(page)).toEqual([]);
    await page.getByRole('button', { name: 'Collapse map', exact: true }).click();
    await expect.poll(() => mapHeight(page)).toBe(304);
    await page.getByRole('button', { name: 'Expand map', exact: true }).click();
    await page.setViewportSize({ width: 1280, height: 800 });

    // The travel preview shows the owner's own trip, as the server computed it.
    const routed = await waitForSession(stack, owner.user!.token, id, (s) =>
      s.participants.every((p) => p.travelTimeSeconds !== null),
    );
    const ownTrip = participantOf(routed, owner.user!)!;
    await page
      .getByRole('region', { name: 'Travel preview', exact: true })
      .getByText(routeText(ownTrip.travelTimeSeconds!, ownTrip.distanceMeters!), { exact: true })
      .waitFor();

    // Center on map (asked from the panel, below the map): a toast, the map scrolled into view with
    // the marker in the middle, no following.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await panelEntry(page, ada.name!)
      .getByRole('button', { name: 'Center on map', exact: true })
      .click();
    await expectToast(page, TEXT.centered);
    await expect.poll(() => offCenter(page, adaId)).toBeLessThan(40);
    await expect
      .poll(async () => (await mapDrawing(page).boundingBox())?.y ?? -1)
      .toBeGreaterThanOrEqual(60);
    expect(await followBadge(page).count()).toBe(0);

    // Find on map (details dialog): the dialog closes, then the map follows Ada.
    const details = await openDetails(page, ada.name!);
    await details.getByRole('button', { name: 'Find on map', exact: true }).click();
    await details.waitFor({ state: 'detached' });
    await expectToast(page, TEXT.followingParticipant);
    await followBadge(page).waitFor();
    await expect
      .poll(async () => (await mapDrawing(page).boundingBox())?.y ?? -1)
      .toBeGreaterThanOrEqual(60);
    await screens.capture('map-following', { page });

    // Ada moves about 16 km: the camera goes with her. (She is in the middle already; the page
    // must first show her new place, or the check below could pass on the old one.)
    await expect.poll(() => offCenter(page, adaId)).toBeLessThan(40);
    const gapBefore = await gapToDestination(page, adaId);
    await sendLocation(stack, ada.token, PLACES.everett);
    await expect
      .poll(async () => Math.abs((await gapToDestination(page, adaId)) - gapBefore), {
        timeout: 20_000,
      })
      .toBeGreaterThan(30);
    await expect.poll(() => offCenter(page, adaId)).toBeLessThan(40);

    // Stop ends following; her next move leaves the camera where it is.
    await followBadge(page).getByRole('button', { name: TEXT.stop, exact: true }).click();
    await followBadge(page).waitFor({ state: 'detached' });
    await sendLocation(stack, ada.token, PLACES.redmond);
    await waitForSession(stack, owner.user!.token, id, (s) =>
      s.participants.some(
        (p) => p.id === adaId && Math.abs((p.lat ?? 0) - PLACES.redmond.lat) < 1e-3,
      ),
    );
    await expect.poll(() => offCenter(page, adaId), { timeout: 20_000 }).toBeGreaterThan(100);

    // Following again, then a press on the map (after the 150 ms grace) stops it.
    const again = await openDetails(page, ada.name!);
    await again.getByRole('button', { name: 'Find on map', exact: true }).click();
    await followBadge(page).waitFor();
    // A press inside the grace is ignored: press again on each poll until one ends following
    // (where the map is then: the page scrolls it into view).
    await expect
      .poll(async () => {
        await mapDrawing(page).scrollIntoViewIfNeeded();
        const box = (await mapDrawing(page).boundingBox())!;
        // The middle of the part of the map on screen, clear of the sticky header (a press there
        // would follow its links) and of the bottom bar.
        const height = page.viewportSize()!.height;
        const top = Math.max(box.y, 120);
        const bottom = Math.min(box.y + box.height, height - 120);
        await page.mouse.move(box.x + 40, (top + bottom) / 2);
        await page.mouse.down();
        await page.mouse.up();
        return followBadge(page).count();
      })
      .toBe(0);

    // The viewer's own entry follows their position.
    const mine = await openDetails(page, owner.name);
    await mine.getByRole('button', { name: 'Find on map', exact: true }).click();
    await expectToast(page, TEXT.followingPosition);
    await followBadge(page).waitFor();
  });
});
