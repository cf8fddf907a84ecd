// Issue 12 §5 and §6: the place search leaves the 100 km radius when nothing is near (Denver from
// Seattle), says honestly what the offline search knows, takes a pin dropped on the offline map as
// the destination (saved with its exact coordinates), and is driven by the keyboard.
import type { Page } from 'playwright-core';
import { sessionId } from '../../src/api.js';
import { describe, expect, VIEWPORTS } from '../../src/browser.js';
import { fetchSession, PLACES, sessionTest as test, waitForSession } from '../../src/session.js';
import {
  droppedPinAt,
  expectInputValue,
  mapDrawing,
  openSession,
  placeSearch,
} from '../../src/session-page.js';

const MAP_SEARCH = 'Search for a place';

/** Great-circle metres (the test's own). */
function metres(a: { lat: number; lon: number }, b: { lat: number; lon: number }) {
  const rad = Math.PI / 180;
  const s =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lon - a.lon) * rad) / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(s));
}

/** Page errors, less the 404 of GET /api/sessions/{id} for a session not yet saved (doc 1 §4: it stays new). */
const unexpected = (errors: string[]) =>
  errors.filter((e) => !e.includes('the server responded with a status of 404'));

const searchBox = (page: Page) => page.getByRole('combobox', { name: MAP_SEARCH, exact: true });
const results = (page: Page) =>
  placeSearch(page, MAP_SEARCH).getByRole('listbox', { name: 'Search results', exact: true });

async function search(page: Page, query: string) {
  await searchBox(page).fill(query);
  await placeSearch(page, MAP_SEARCH).getByRole('button', { name: 'Search', exact: true }).click();
}

/** A point of the offline map's drawing, as a fraction of its box (below the search box overlay). */
async function mapPoint(page: Page, fx: number, fy: number) {
  const svg = mapDrawing(page);
  await svg.scrollIntoViewIfNeeded();
  const box = (await svg.boundingBox())!;
  return { x: box.x + box.width * fx, y: box.y + box.height * fy };
}

describe('place search and pins (issue 12 §5, §6)', () => {
  for (const viewport of VIEWPORTS) {
    const size = `${viewport.width} px`;

    test(`${size}: finds a far city when nothing is near, and says what the offline search knows`, async ({
      person,
      screens,
    }) => {
      const owner = await person({ name: 'Sam Seattle', at: PLACES.seattle, viewport });
      await openSession(owner.page, sessionId());
      // Offline, the box says what it can find.
      await expect
        .poll(() => searchBox(owner.page).getAttribute('placeholder'), { timeout: 15_000 })
        .toBe('Search a city or town');

      await search(owner.page, 'Denver');
      const denver = results(owner.page).getByRole('option', { name: /^Denver/ });
      await denver.first().waitFor();
      await placeSearch(owner.page, MAP_SEARCH)
        .getByText(
          'Nothing matched within 100 km of you; these places are farther away. ' +
            'Offline search knows the names of cities and towns only, not streets, addresses, neighbourhoods or landmarks.',
          { exact: true },
        )
        .waitFor();
      await denver.first().click();
      await expect.poll(() => denver.first().getAttribute('aria-selected')).toBe('true');
      await screens.capture('far-city-found', { page: owner.page });
      await placeSearch(owner.page, MAP_SEARCH)
        .getByRole('button', { name: 'Confirm', exact: true })
        .click();
      await expectInputValue(owner.page, 'Timezone', 'America/Denver');

      // A landmark is not in the gazetteer: the empty state says where it looked and what it knows.
      await search(owner.page, 'Space Needle');
      const empty = placeSearch(owner.page, MAP_SEARCH)
        .getByRole('status')
        .filter({ hasText: 'No places found' });
      await empty.waitFor();
      expect(await empty.textContent()).toBe(
        'No places found for “Space Needle” within 100 km of you, nor anywhere farther away. ' +
          'Offline search knows the names of cities and towns only, not streets, addresses, neighbourhoods or landmarks. ' +
          'To pick an exact spot, click or long-press the map to drop a pin.',
      );
      await screens.capture('offline-search-empty', { page: owner.page });
      expect(unexpected(owner.errors)).toEqual([]);
    });

    test(`${size}: a pin dropped on the offline map becomes the destination and saves`, async ({
      stack,
      person,
      screens,
    }) => {
      const owner = await person({ name: 'Pia Pinner', at: PLACES.seattle, viewport });
      const id = sessionId();
      await openSession(owner.page, id);
      const page = owner.page;
      await mapDrawing(page).waitFor();
      const pinned = results(page).getByRole('option', { name: /^Selected place/ });

      // Dragging the map pans it and drops nothing.
      const from = await mapPoint(page, 0.5, 0.7);
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      await page.mouse.move(from.x + 60, from.y - 20, { steps: 6 });
      await page.mouse.up();
      await page.mouse.move(from.x, from.y);
      // A press without movement drops the pin: 'Selected place' at its coordinates, selected.
      const at = await mapPoint(page, 0.5, 0.75);
      await page.mouse.click(at.x, at.y);
      await pinned.waitFor();
      expect(await results(page).getByRole('option').count()).toBe(1);
      expect(await pinned.getAttribute('aria-selected')).toBe('true');
      const shown = await droppedPinAt(page, MAP_SEARCH);
      // The map opened on the user (zoom 16): the pin is a few hundred metres from them at most.
      expect(metres(shown, PLACES.seattle)).toBeLessThan(2_000);
      await page.locator('.smap-marker[data-kind="selected"]').waitFor();
      // Reverse geocoding names the spot in place of its coordinates: offline, the nearest town.
      await expect
        .poll(() => pinned.locator('.smap-result-address').textContent(), { timeout: 15_000 })
        .toBe('Seattle, WA, US');

      // The name is editable; Confirm makes it the destination, and the focus returns to the search box.
      const name = placeSearch(page, MAP_SEARCH).getByLabel('Name of the pinned place', {
        exact: true,
      });
      expect(await name.inputValue()).toBe('Selected place');
      await name.fill('Picnic spot');
      await screens.capture('pin-dropped', { page });
      await placeSearch(page, MAP_SEARCH)
        .getByRole('button', { name: 'Confirm', exact: true })
        .click();
      await results(page).waitFor({ state: 'detached' });
      await expect
        .poll(() => searchBox(page).evaluate((el) => el === document.activeElement), {
          timeout: 5_000,
        })
        .toBe(true);
      await expectInputValue(page, 'Timezone', 'America/Los_Angeles');
      const saveButton = page.getByRole('button', { name: 'Save changes', exact: true });
      await saveButton.click();
      // Saved: the button goes (the first save creates the session; before that GET answers 404).
      await saveButton.waitFor({ state: 'detached', timeout: 30_000 });
      const saved = await waitForSession(
        stack,
        owner.user!.token,
        id,
        (s) => s.destination?.name === 'Picnic spot',
        { what: 'the pinned destination to be saved' },
      );
      const position = saved.destination!.position;
      expect(Math.abs(position.lat - shown.lat)).toBeLessThan(1e-5);
      expect(Math.abs(position.lon - shown.lon)).toBeLessThan(1e-5);
      expect(saved.destination!.id).toBe(`pin:${position.lat},${position.lon}`);
      expect(saved.destination!.address).toBe('Seattle, WA, US');
      expect(saved.tzId).toBe('America/Los_Angeles');
      await page.evaluate(() => window.scrollTo(0, 0));
      await screens.capture('pin-saved', { page });
      expect((await fetchSession(stack, owner.user!.token, id)).destination?.name).toBe(
        'Picnic spot',
      );
      expect(unexpected(owner.errors)).toEqual([]);
    });

    test(`${size}: arrow keys move through the results and Enter confirms`, async ({
      person,
      screens,
    }) => {
      const owner = await person({ name: 'Kai Keys', at: PLACES.seattle, viewport });
      await openSession(owner.page, sessionId());
      const page = owner.page;
      const box = searchBox(page);
      await box.waitFor();
      // The coachmark points at the search box but is not a tab stop.
      const coachmark = page.locator('.smap-coachmark');
      if (await coachmark.isVisible()) expect(await coachmark.getAttribute('tabindex')).toBe('-1');
      await box.fill('Springfield');
      await box.focus();
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Search');
      await box.focus();
      await page.keyboard.press('Enter');
      const options = results(page).getByRole('option');
      await options.first().waitFor();
      const count = await options.count();
      expect(count).toBeGreaterThan(2);

      const selectedIndex = async () => {
        const active = await box.getAttribute('aria-activedescendant');
        const ids = await options.evaluateAll((els) =>
          els.filter((el) => el.getAttribute('aria-selected') === 'true').map((el) => el.id),
        );
        return { active, selected: ids };
      };
      const idOf = (i: number) => options.nth(i).getAttribute('id');

      await page.keyboard.press('ArrowDown');
      await expect
        .poll(selectedIndex)
        .toEqual({ active: await idOf(0), selected: [await idOf(0)] });
      await page.keyboard.press('ArrowDown');
      await expect
        .poll(selectedIndex)
        .toEqual({ active: await idOf(1), selected: [await idOf(1)] });
      await page.keyboard.press('ArrowUp');
      await expect
        .poll(selectedIndex)
        .toEqual({ active: await idOf(0), selected: [await idOf(0)] });
      await page.keyboard.press('ArrowUp'); // wraps to the last
      await expect
        .poll(selectedIndex)
        .toEqual({ active: await idOf(count - 1), selected: [await idOf(count - 1)] });
      await page.keyboard.press('Home');
      await page.keyboard.press('ArrowDown');
      await expect
        .poll(selectedIndex)
        .toEqual({ active: await idOf(1), selected: [await idOf(1)] });
      const chosen = (await options.nth(1).locator('.smap-result-address').textContent())!;
      await screens.capture('keyboard-results', { page });

      // Enter confirms the selected result; the focus stays in the search box.
      await page.keyboard.press('Enter');
      await results(page).waitFor({ state: 'detached' });
      expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.getByText(chosen, { exact: true }).first().waitFor();
      expect(unexpected(owner.errors)).toEqual([]);
    });
  }
});
