// One evening of four people, from the browser's side: every alert is about a condition and ends
// with it. A late participant who arrives takes the late banner off every page; after a re-plan no
// page shows an old time; a removed participant's alerts never come back as toasts on /sessions; a
// Free owner is shown who is late, the time that would work and the way to /plans (no button that
// is certain to fail); a participant hours behind is not a reason to move everyone. Screenshots at
// 390 and 1280 px, axe clean.
//
// The e2e stack runs the live check every second and counts an arrival after 5 s near the
// destination (src/stack.ts).
import type { InAppNotification, Session } from '@oneeta/contracts';
import { ok, request, sessionId } from '../../src/api.js';
import { openApp } from '../../src/app.js';
import { describe, DESKTOP, expect, MOBILE } from '../../src/browser.js';
import {
  acceptByApi,
  inviteByApi,
  participantOf,
  PLACES,
  sessionTest as test,
  waitForSession,
  type LatLon,
  type Person,
} from '../../src/session.js';
import { toasts } from '../../src/session-page.js';
import type { StackInfo } from '../../src/stack.js';
import {
  alerts,
  CENTRALIA,
  LIVE_TIMEOUT_MS,
  openSessionPage,
  PIKE_PLACE,
  saveArrival,
  wallTime,
} from '../../src/live-alerts.js';

/** About 13 hours by car: far more than REPLAN_OFFER_MAX_HOURS behind. */
const SAN_FRANCISCO: LatLon = { lat: 37.7749, lon: -122.4194 };

const lateLine = (name: string) => new RegExp(`^${name} is running .+ late$`);

/** A session owned by `owner`, with everyone in `guests` invited and accepted, all routed. */
async function gather(
  stack: StackInfo,
  owner: Person,
  guests: readonly [Person, LatLon][],
  arriveAt: Date,
): Promise<{ id: string; session: Session }> {
  const id = sessionId();
  await saveArrival(stack, owner, id, arriveAt, PLACES.bellevue);
  for (const [who, at] of guests) {
    const invite = await inviteByApi(stack, owner.user!.token, id, who.user!);
    await acceptByApi(stack, who.user!, id, invite.code!, at);
  }
  const session = await waitForSession(
    stack,
    owner.user!.token,
    id,
    (s) =>
      s.participants.length === guests.length + 1 &&
      s.participants.every((p) => p.travelTimeSeconds !== null),
    { what: 'everyone routed', timeout: LIVE_TIMEOUT_MS },
  );
  return { id, session };
}

/** The caller's unread in-app notifications, as the server answers them now. */
async function inbox(stack: StackInfo, who: Person): Promise<InAppNotification[]> {
  const answer = await ok<{ notifications: InAppNotification[] }>(
    `${stack.base}/api/notifications/inbox`,
    { token: who.user!.token },
  );
  return answer.notifications.filter((n) => !(n as { endedAt?: string | null }).endedAt);
}

/** Waits until no alert on these pages holds text matching `pattern` (no alerts at all is fine). */
async function noneShows(people: readonly Person[], pattern: RegExp, what: string) {
  for (const who of people)
    await expect
      .poll(
        async () => (await alerts(who.page).allTextContents()).join(' ').match(pattern)?.[0] ?? '',
        {
          timeout: LIVE_TIMEOUT_MS,
          interval: 500,
          message: `${who.name}'s page still shows ${what}`,
        },
      )
      .toBe('');
}

describe('an evening of four: alerts end with their condition, offers can be taken', () => {
  test('a late friend who arrives, a re-plan and a removal leave no stale alert on any page', async ({
    stack,
    person,
    screens,
  }) => {
    const olga = await person({ name: 'Olga Owner', at: PLACES.bellevue, viewport: DESKTOP });
    const ada = await person({ name: 'Ada Early', at: PLACES.everett, viewport: MOBILE });
    const ben = await person({ name: 'Ben Driver', at: PLACES.renton, viewport: MOBILE });
    const cy = await person({ name: 'Cy Friend', at: PLACES.redmond, viewport: MOBILE });
    const everyone = [olga, ada, ben, cy];
    const { id } = await gather(
      stack,
      olga,
      [
        [ada, PLACES.everett],
        [ben, PLACES.renton],
        [cy, PLACES.redmond],
      ],
      new Date(Date.now() + 45 * 60_000),
    );
    await Promise.all(everyone.map((who) => openSessionPage(who, id)));

    // Ben is far south: late on every other page.
    await ben.moveTo(CENTRALIA);
    for (const who of [olga, ada, cy])
      await alerts(who.page)
        .getByText(lateLine(ben.name))
        .first()
        .waitFor({ timeout: LIVE_TIMEOUT_MS });
    await screens.capture('late-banner', { page: ada.page });

    // He makes it to Pike Place Market: the late banner leaves every page, the server's inbox and
    // the owner's offer with it.
    await ben.moveTo(PIKE_PLACE);
    await waitForSession(
      stack,
      olga.user!.token,
      id,
      (s) => Boolean(participantOf(s, ben.user!)?.arrivedAt),
      {
        timeout: LIVE_TIMEOUT_MS * 2,
        what: 'Ben arrived',
      },
    );
    await noneShows([olga, ada, cy], lateLine(ben.name), "Ben's late alert");
    await noneShows([olga], /Move arrival/, 'the re-plan offer');
    for (const who of [olga, ada, cy])
      expect((await inbox(stack, who)).filter((n) => n.kind === 'late').map((n) => n.text)).toEqual(
        [],
      );
    await screens.capture('late-cleared', { page: ada.page });

    // Cy drives south: Olga moves the arrival in one tap; afterwards no page shows the old time.
    const before = (await waitForSession(stack, olga.user!.token, id, () => true)).arriveAt!;
    await cy.moveTo(CENTRALIA);
    const offer = alerts(olga.page).getByRole('status').filter({ hasText: 'Move arrival to' });
    await offer.waitFor({ timeout: LIVE_TIMEOUT_MS });
    await offer.getByRole('button', { name: 'Move arrival', exact: true }).click();
    const moved = await waitForSession(stack, olga.user!.token, id, (s) => s.arriveAt !== before, {
      timeout: LIVE_TIMEOUT_MS,
      what: 'the arrival moved',
    });
    const oldTime = wallTime(new Date(before));
    const newTime = wallTime(new Date(moved.arriveAt!));
    for (const who of [ada, ben])
      await alerts(who.page)
        .getByText(new RegExp(`New arrival .*${newTime}`))
        .first()
        .waitFor({ timeout: LIVE_TIMEOUT_MS });
    await noneShows(
      everyone,
      new RegExp(`${oldTime}|${lateLine(cy.name).source.slice(1, -1)}`),
      'the old time or Cy late',
    );
    for (const who of everyone) {
      const texts = (await inbox(stack, who)).map((n) => n.text);
      expect(texts.filter((t) => t.includes(oldTime) || lateLine(cy.name).test(t))).toEqual([]);
    }
    await screens.capture('replanned', { page: ada.page });

    // Cy falls behind again and is removed: Ada, on /sessions, is never told about him.
    await cy.moveTo(SAN_FRANCISCO);
    await alerts(ada.page)
      .getByText(lateLine(cy.name))
      .first()
      .waitFor({ timeout: LIVE_TIMEOUT_MS });
    const cyId = participantOf(moved, cy.user!)!.id;
    await ok(`${stack.base}/api/sessions/${id}/participants/${encodeURIComponent(cyId)}`, {
      method: 'DELETE',
      token: olga.user!.token,
    });
    await noneShows([olga, ada, ben], lateLine(cy.name), "the removed Cy's late alert");
    const seen: string[] = [];
    ada.page.on('response', (r) => {
      if (new URL(r.url()).pathname === '/api/notifications/inbox') seen.push(r.url());
    });
    await openApp(ada.page, '/sessions');
    await expect.poll(() => seen.length, { timeout: LIVE_TIMEOUT_MS }).toBeGreaterThan(0);
    await ada.page.waitForTimeout(2000);
    expect(await toasts(ada.page).getByText(new RegExp(cy.name)).count()).toBe(0);
    expect((await inbox(stack, ada)).filter((n) => n.text.includes(cy.name))).toEqual([]);
    await screens.capture('sessions-after-removal', { page: ada.page });
  }, 420_000);

  test('a Free owner is shown the way to upgrade, and a friend hours behind is not a reason to move everyone', async ({
    stack,
    person,
    screens,
  }) => {
    const fay = await person({
      name: 'Fay Free',
      at: PLACES.bellevue,
      viewport: MOBILE,
      plan: 'free',
    });
    const gus = await person({ name: 'Gus Late', at: PLACES.renton, viewport: MOBILE });
    const { id } = await gather(
      stack,
      fay,
      [[gus, PLACES.renton]],
      new Date(Date.now() + 45 * 60_000),
    );
    await Promise.all([fay, gus].map((who) => openSessionPage(who, id)));

    // Gus is late: Fay (Free) is told who and the time that would work, with the way to /plans.
    await gus.moveTo(CENTRALIA);
    const upgrade = alerts(fay.page).getByRole('link', { name: /upgrade/i });
    await upgrade.first().waitFor({ timeout: LIVE_TIMEOUT_MS });
    expect(await upgrade.first().getAttribute('href')).toBe('/plans');
    await expect.poll(async () => (await alerts(fay.page).textContent()) ?? '').toContain(gus.name);
    expect(
      await alerts(fay.page).getByRole('button', { name: 'Move arrival', exact: true }).count(),
    ).toBe(0);
    await screens.capture('free-owner-offer', { page: fay.page });

    // Gus is hours away: no offer to move everyone, but who is far behind, with Remove and Message.
    await gus.moveTo(SAN_FRANCISCO);
    const behind = alerts(fay.page)
      .getByText(/far behind/i)
      .first();
    await behind.waitFor({ timeout: LIVE_TIMEOUT_MS });
    await expect
      .poll(async () => (await alerts(fay.page).textContent()) ?? '')
      .not.toMatch(/Move arrival/);
    expect(
      await alerts(fay.page)
        .getByRole('button', { name: /^Remove/ })
        .count(),
    ).toBeGreaterThan(0);
    expect(
      await alerts(fay.page)
        .getByRole('button', { name: /^Message/ })
        .count(),
    ).toBeGreaterThan(0);
    await screens.capture('far-behind', { page: fay.page });
    const answer = await request(`${stack.base}/api/sessions/${id}`, { token: fay.user!.token });
    expect(answer.status).toBe(200);
  }, 300_000);
});
