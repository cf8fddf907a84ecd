// "Where should we meet?": three people on one session around Seattle. The owner asks for a kind of
// place near the group (the offline provider answers the gazetteer's towns near the group's
// centre), then for places they pick (the panel's own search, the map's search and a pin dropped
// on the map, one removed again); every page shows the ranked places live; a member's thumbs up
// reaches the owner as a count; the owner's 'Meet here' on the fairest place makes it the
// destination through the normal save, and every page shows it with new leave-by times.
import type { Session, Suggestion } from '@oneeta/contracts';
import type { Locator, Page } from 'playwright-core';
import { ok, sessionId } from '../src/api.js';
import { describe, expect, MOBILE } from '../src/browser.js';
import {
  acceptByApi,
  fetchSession,
  inviteByApi,
  participantOf,
  PLACES,
  sessionTest as test,
  waitForSession,
  type OpenPerson,
  type Person,
} from '../src/session.js';
import { mapDrawing, openSession, pickPlace, placeSearch } from '../src/session-page.js';
import type { StackInfo } from '../src/stack.js';

const TZ = 'America/Los_Angeles';
const PANEL = 'Where should we meet?';
const MAP_SEARCH = 'Search for a place';
const ADD_PLACE = 'Add a place to compare';

const panel = (page: Page): Locator => page.getByRole('region', { name: PANEL, exact: true });
/** The ranked places' names, fairest first, as the page shows them. */
const shownRanking = (page: Page) => panel(page).locator('.sg-list > li h4').allTextContents();
const row = (page: Page, name: string) => panel(page).getByRole('listitem', { name, exact: true });
const personalCard = (page: Page) =>
  page.getByRole('region', { name: /^(When to leave|Meeting time passed)$/ });

/** '6:00 PM' in Seattle, as the app writes a time on the day it falls (else with the date). */
function wallTime(instant: Date): string {
  const day = (t: Date) => t.toLocaleDateString('en-US', { timeZone: TZ });
  const withDate = day(instant) !== day(new Date());
  return instant.toLocaleString('en-US', {
    timeZone: TZ,
    ...(withDate ? { weekday: 'short', month: 'short', day: 'numeric' } : {}),
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** The session's suggestion once it is ready (polled through the API as the owner). */
async function readySuggestion(stack: StackInfo, token: string, id: string, after?: string) {
  const session = await waitForSession(
    stack,
    token,
    id,
    (s) => s.suggestion?.status === 'ready' && s.suggestion.id !== after,
    { what: 'the suggestion to be ready', timeout: 30_000 },
  );
  return session.suggestion as Suggestion;
}

/** The ranked places' names, fairest first (the server's order). */
const rankedNames = (suggestion: Suggestion) =>
  [...suggestion.ranked].sort((a, b) => a.rank - b.rank).map((c) => c.name);

/** Every page lists the fairest five in the server's order, live (no reload). */
async function expectRankingEverywhere(people: Person[], suggestion: Suggestion) {
  const names = rankedNames(suggestion);
  expect(names.length).toBeGreaterThan(1);
  for (const who of people)
    await expect
      .poll(() => shownRanking(who.page), {
        timeout: 15_000,
        message: `${who.name}'s page shows the ranking`,
      })
      .toEqual(names.slice(0, 5));
}

/**
 * Olivia (Bellevue) owns a session at Pike Place Market tomorrow at 6 PM; Ada (Redmond) and Ben
 * (Renton) accepted invites. Olivia and Ben at 1280 px, Ada on a phone.
 */
async function threeFriends(stack: StackInfo, person: OpenPerson) {
  const [owner, ada, ben] = await Promise.all([
    person({ name: 'Olivia Owner', at: PLACES.bellevue }),
    person({ name: 'Ada Lovelace', at: PLACES.redmond, viewport: MOBILE }),
    person({ name: 'Ben Franklin', at: PLACES.renton }),
  ]);
  const tomorrow = new Date(Date.now() + 24 * 3600_000);
  const ymd = tomorrow.toLocaleDateString('en-CA', { timeZone: TZ });
  // 6 PM in Seattle tomorrow (PST or PDT: the offset is read from the zone).
  const offset = new Intl.DateTimeFormat('en-US', { timeZone: TZ, timeZoneName: 'longOffset' })
    .formatToParts(tomorrow)
    .find((p) => p.type === 'timeZoneName')!
    .value.replace('GMT', '');
  const arriveAt = new Date(`${ymd}T18:00:00${offset}`);
  const id = sessionId();
  await ok<{ session: Session }>(`${stack.base}/api/sessions`, {
    method: 'POST',
    token: owner.user!.token,
    body: {
      sessionId: id,
      destination: {
        id: `e2e-pike-${id}`,
        name: 'Pike Place Market',
        address: '85 Pike St, Seattle, WA',
        position: { lat: 47.6097, lon: -122.3422 },
      },
      tzId: TZ,
      arriveAt: arriveAt.toISOString(),
      travelMode: 'car',
      participants: [{ id: `user:${owner.user!.user.id}`, ...PLACES.bellevue }],
    },
  });
  for (const [who, at] of [
    [ada, PLACES.redmond],
    [ben, PLACES.renton],
  ] as const) {
    const invite = await inviteByApi(stack, owner.user!.token, id, who.user!);
    await acceptByApi(stack, who.user!, id, invite.code!, at);
  }
  await waitForSession(
    stack,
    owner.user!.token,
    id,
    (s) => s.participants.length === 3 && s.participants.every((p) => p.travelTimeSeconds !== null),
    { what: 'a travel time for all three' },
  );
  for (const who of [owner, ada, ben]) {
    await openSession(who.page, id);
    await who.page.getByText('Live updates connected', { exact: true }).waitFor();
  }
  return { id, owner, ada, ben, arriveAt };
}

describe('where should we meet? (suggestions)', () => {
  test(
    'three people: a kind of place and picked places ranked live on every page; a thumbs up reaches the owner; Meet here moves everyone',
    { timeout: 300_000 },
    async ({ stack, person, screens }) => {
      const { id, owner, ada, ben, arriveAt } = await threeFriends(stack, person);
      const people = [owner, ada, ben];
      const token = owner.user!.token;
      const shot = (name: string, who: Person) => screens.capture(name, { page: who.page });

      // Members see no panel until there is something to see; the owner has 'Suggest a place'.
      expect(await panel(ada.page).count()).toBe(0);
      const suggest = panel(owner.page).getByRole('button', { name: 'Suggest a place' });
      await suggest.click();
      expect(await suggest.getAttribute('aria-expanded')).toBe('true');

      // 1. A kind of place near the group: cafés (offline: the towns near the group's centre).
      const kinds = panel(owner.page).getByRole('group', { name: 'Kind of place' });
      await kinds.getByRole('radio', { name: 'Café', exact: true }).check();
      await shot('owner-chooser-category', owner);
      const asked = owner.page.waitForResponse(
        (r) => r.request().method() === 'POST' && /\/suggestions$/.test(new URL(r.url()).pathname),
      );
      await panel(owner.page).getByRole('button', { name: 'Find places', exact: true }).click();
      expect((await asked).ok()).toBe(true);
      const byCategory = await readySuggestion(stack, token, id);
      expect(byCategory.mode).toBe('category');
      await expectRankingEverywhere(people, byCategory);
      const top = [...byCategory.ranked].sort((a, b) => a.rank - b.rank)[0]!;
      // Each row: everyone there by, the spread, and the viewer's own trip first as 'You'.
      for (const who of people) {
        const first = row(who.page, top.name);
        await expect.poll(() => first.textContent()).toMatch(/Everyone there by .+ · Spread \d/);
        const trips = first.getByRole('list', { name: `Travel times to ${top.name}` });
        expect(await trips.getByRole('listitem').first().textContent()).toMatch(/^You\s*\d/);
        expect(await trips.getByRole('listitem').count()).toBe(3);
      }
      // A kind of place brings up to the plan's 10: the fairest five show, the rest on request.
      const all = rankedNames(byCategory);
      if (all.length > 5) {
        const more = panel(ben.page).getByRole('button', { name: `Show ${all.length - 5} more` });
        await more.click();
        await expect.poll(() => shownRanking(ben.page)).toEqual(all);
        await panel(ben.page).getByRole('button', { name: 'Show fewer', exact: true }).waitFor();
      }
      await panel(owner.page).scrollIntoViewIfNeeded();
      await shot('owner-category-ranked', owner);
      await panel(ada.page).scrollIntoViewIfNeeded();
      await shot('member-category-ranked', ada);

      // 2. Places the owner picks: the panel's search, the map's search, a pin; one removed.
      await suggest.click();
      await panel(owner.page).getByRole('radio', { name: 'Places I pick', exact: true }).check();
      await pickPlace(owner.page, { label: ADD_PLACE, query: 'Kirkland', resultName: 'Kirkland' });
      await pickPlace(owner.page, { label: MAP_SEARCH, query: 'Issaquah', resultName: 'Issaquah' });
      await pickPlace(owner.page, { label: MAP_SEARCH, query: 'Renton', resultName: 'Renton' });
      const picks = panel(owner.page).getByRole('list', { name: 'Places to compare' });
      await expect.poll(() => picks.getByRole('listitem').count()).toBe(3);
      // The map's confirmations went to the list, not to the destination.
      expect((await fetchSession(stack, token, id)).destination?.name).toBe('Pike Place Market');
      // A pin dropped on the map, confirmed with its own name.
      const drawing = mapDrawing(owner.page);
      await drawing.scrollIntoViewIfNeeded();
      const box = (await drawing.boundingBox())!;
      await owner.page.mouse.click(box.x + box.width * 0.5, box.y + box.height * 0.75);
      const mapSearch = placeSearch(owner.page, MAP_SEARCH);
      await mapSearch.getByRole('option', { name: /^Selected place/ }).waitFor();
      await mapSearch.getByLabel('Name of the pinned place', { exact: true }).fill('Picnic spot');
      await mapSearch.getByRole('button', { name: 'Confirm', exact: true }).click();
      await expect.poll(() => picks.getByRole('listitem').count()).toBe(4);
      await picks.getByRole('button', { name: 'Remove Issaquah', exact: true }).click();
      await expect
        .poll(() => picks.getByRole('listitem').allTextContents())
        .toEqual([
          expect.stringContaining('Kirkland'),
          expect.stringContaining('Renton'),
          expect.stringContaining('Picnic spot'),
        ]);
      await panel(owner.page).scrollIntoViewIfNeeded();
      await shot('owner-chooser-places', owner);
      await panel(owner.page)
        .getByRole('button', { name: 'Compare these places', exact: true })
        .click();
      const byPlaces = await readySuggestion(stack, token, id, byCategory.id);
      expect(byPlaces.mode).toBe('places');
      expect(byPlaces.ranked.map((c) => c.name).sort()).toEqual(
        ['Kirkland', 'Picnic spot', 'Renton'].sort(),
      );
      await expectRankingEverywhere(people, byPlaces);

      // 3. Ada gives the second place a thumbs up; Olivia sees the count, Ben his own button unpressed.
      const ranked = [...byPlaces.ranked].sort((a, b) => a.rank - b.rank);
      const liked = ranked[1]!;
      const thumb = row(ada.page, liked.name).getByRole('button', {
        name: `Thumbs up for ${liked.name}`,
      });
      await thumb.click();
      await expect.poll(() => thumb.getAttribute('aria-pressed')).toBe('true');
      await row(owner.page, liked.name).getByText('1 thumbs up').waitFor({ timeout: 15_000 });
      expect(
        await row(ben.page, liked.name)
          .getByRole('button', { name: `Thumbs up for ${liked.name}` })
          .getAttribute('aria-pressed'),
      ).toBe('false');
      expect(await row(ben.page, liked.name).getByText('1 thumbs up').count()).toBe(0);
      await panel(ada.page).scrollIntoViewIfNeeded();
      await shot('member-voted', ada);
      await panel(owner.page).scrollIntoViewIfNeeded();
      await shot('owner-sees-vote', owner);

      // 4. Meet here on the fairest place: the normal save; every page follows.
      const best = ranked[0]!;
      const saved = owner.page.waitForResponse(
        (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/sessions',
      );
      await row(owner.page, best.name).getByRole('button', { name: 'Meet here' }).click();
      expect((await saved).status()).toBe(200);
      const moved = await waitForSession(
        stack,
        token,
        id,
        (s) =>
          s.destination?.name === best.name &&
          s.participants.every((p) => p.travelTimeSeconds !== null) &&
          s.travel.arriveAt !== null,
        { what: 'the new destination with everyone’s travel time', timeout: 30_000 },
      );
      expect(moved.arriveAt).toBe(arriveAt.toISOString());
      expect(moved.tzId).toBe(TZ);
      for (const who of people) {
        await who.page
          .getByRole('region', { name: best.name, exact: true })
          .waitFor({ timeout: 15_000 });
        await row(who.page, best.name).getByText('Current destination').waitFor();
        // The leave-by time follows the travel time the server now has for the new place.
        await expect
          .poll(
            async () => {
              const mine = participantOf(await fetchSession(stack, token, id), who.user!)!;
              const leave = new Date(arriveAt.getTime() - mine.travelTimeSeconds! * 1000);
              const card = (await personalCard(who.page).textContent()) ?? '';
              return card.includes(`Leave by ${wallTime(leave)}`) ? 'shown' : card;
            },
            { timeout: 15_000, message: `${who.name}'s leave-by time for ${best.name}` },
          )
          .toBe('shown');
      }
      await owner.page.evaluate(() => window.scrollTo(0, 0));
      await shot('owner-after-meet-here', owner);
      await ada.page.evaluate(() => window.scrollTo(0, 0));
      await shot('member-after-meet-here', ada);
    },
  );

  test('a Free owner: the plan’s limit on places and on editing, each shown with the way to more', async ({
    stack,
    person,
    screens,
  }) => {
    const owner = await person({ name: 'Fran Free', at: PLACES.bellevue, plan: 'free' });
    const id = sessionId();
    await ok<{ session: Session }>(`${stack.base}/api/sessions`, {
      method: 'POST',
      token: owner.user!.token,
      body: {
        sessionId: id,
        destination: {
          id: `e2e-pike-${id}`,
          name: 'Pike Place Market',
          address: '85 Pike St, Seattle, WA',
          position: { lat: 47.6097, lon: -122.3422 },
        },
        tzId: TZ,
        arriveAt: new Date(Date.now() + 24 * 3600_000).toISOString(),
        travelMode: 'car',
        participants: [{ id: `user:${owner.user!.user.id}`, ...PLACES.bellevue }],
      },
    });
    await openSession(owner.page, id);
    const page = owner.page;
    await panel(page).getByRole('button', { name: 'Suggest a place' }).click();
    await panel(page).getByRole('radio', { name: 'Places I pick', exact: true }).check();
    await panel(page).getByText('Add up to 3:', { exact: false }).waitFor();
    for (const town of ['Kirkland', 'Redmond', 'Renton'])
      await pickPlace(page, { label: ADD_PLACE, query: town, resultName: town });
    // The fourth is refused in the server's words, with the plans page one press away.
    await pickPlace(page, { label: ADD_PLACE, query: 'Issaquah', resultName: 'Issaquah' });
    const refusal = panel(page).getByRole('alert');
    await refusal
      .getByText('Free plan can compare up to 3 places. Upgrade to compare more.', { exact: true })
      .waitFor();
    expect(await refusal.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe(
      '/plans',
    );
    const picks = panel(page).getByRole('list', { name: 'Places to compare' });
    expect(await picks.getByRole('listitem').count()).toBe(3);
    await panel(page).scrollIntoViewIfNeeded();
    await screens.capture('free-limit-places', { page });

    await panel(page).getByRole('button', { name: 'Compare these places', exact: true }).click();
    const ready = await readySuggestion(stack, owner.user!.token, id);
    const best = [...ready.ranked].sort((a, b) => a.rank - b.rank)[0]!;
    await row(page, best.name).waitFor();
    // Meet here goes through the normal save's rules: Free cannot edit a saved session.
    await row(page, best.name).getByRole('button', { name: 'Meet here' }).click();
    const noEdit = row(page, best.name).getByRole('alert');
    await noEdit
      .getByText('Free plan cannot edit a saved session. Upgrade to edit.', { exact: true })
      .waitFor();
    await noEdit.getByRole('link', { name: 'See plans' }).waitFor();
    expect((await fetchSession(stack, owner.user!.token, id)).destination?.name).toBe(
      'Pike Place Market',
    );
    await row(page, best.name).scrollIntoViewIfNeeded();
    await screens.capture('free-meet-here-refused', { page });
  });
});
