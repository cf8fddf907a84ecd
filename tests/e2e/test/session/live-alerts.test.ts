// Issue 15, from the browser's side: three people on one session, with the push-service stand-in
// (src/push.ts). (a) A participant whose leave-by time is seconds away is told 'Time to leave for
// …' as a web push and as a banner on the session page; (b) a participant drives far away, the
// server finds them late and the owner's page offers 'Move arrival to {time}?', and one tap moves
// the arrival on all three pages, with everyone's new leave-by time; (c) a participant reaches the
// destination and every page shows them arrived. On a page other than the session's, a
// notification is a toast. Screenshots at 390 and 1280 px, axe clean.
//
// The server's live check runs every LIVE_CHECK_INTERVAL_MS and an arrival needs
// ARRIVAL_DWELL_SECONDS near the destination: the e2e stack shortens both (src/stack.ts).
import path from 'node:path';
import { LATE_AFTER_MINUTES, type Session } from '@oneeta/contracts';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { createSession, ok, sessionId } from '../../src/api.js';
import { openApp } from '../../src/app.js';
import { describe, DESKTOP, expect, MOBILE } from '../../src/browser.js';
import { startPushStandIn, type PushStandIn } from '../../src/push.js';
import {
  acceptByApi,
  fetchSession,
  inviteByApi,
  participantOf,
  PLACES,
  sessionTest as test,
  waitForSession,
  type Person,
} from '../../src/session.js';
import { panelEntry, summaryFact, toasts, whenText } from '../../src/session-page.js';
import {
  alerts,
  CENTRALIA,
  DESTINATION,
  LIVE_TIMEOUT_MS,
  openSessionPage,
  PIKE_PLACE,
  saveArrival,
  wallTime,
} from '../../src/live-alerts.js';

/** The reminder's moment is this far ahead when the arrival time is set. */
const LEAVE_IN_MS = 40_000;

let pushService: PushStandIn;
beforeAll(async () => {
  pushService = await startPushStandIn();
});
afterAll(async () => {
  await pushService?.close();
});

/**
 * `label` then the time of `instant`, with the date between them when the page adds it (a time
 * past midnight in the session's zone is shown with its day: the test may run at any hour).
 */
function labelledTime(label: string, instant: Date): RegExp {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`${escape(label)} (?:[^,]+, [^,]+, )?${escape(wallTime(instant))}`);
}

/** The personal card ('When to leave'). */
function personalCard(page: Page): Locator {
  return page.getByRole('region', { name: /^(When to leave|Meeting time passed)$/ });
}

const travelOf = (session: Session, who: Person) =>
  participantOf(session, who.user!)!.travelTimeSeconds!;

describe('time to leave, running late and arrival, live on three pages (issue 15)', () => {
  test('a reminder reaches a participant as a push and a banner; the owner moves the arrival for a late participant in one tap; an arrival shows on every page', async ({
    stack,
    person,
    screens,
  }) => {
    // Olga owns it from Bellevue; Ada comes from Everett (the longest trip); Ben from Renton.
    const olga = await person({ name: 'Olga Owner', at: PLACES.bellevue, viewport: DESKTOP });
    const ada = await person({ name: 'Ada Early', at: PLACES.everett, viewport: MOBILE });
    const ben = await person({ name: 'Ben Driver', at: PLACES.renton, viewport: MOBILE });
    const id = sessionId();
    await saveArrival(stack, olga, id, new Date(Date.now() + 3 * 3600_000), PLACES.bellevue);
    for (const [who, at] of [
      [ada, PLACES.everett],
      [ben, PLACES.renton],
    ] as const) {
      const invite = await inviteByApi(stack, olga.user!.token, id, who.user!);
      await acceptByApi(stack, who.user!, id, invite.code!, at);
    }
    const routed = await waitForSession(
      stack,
      olga.user!.token,
      id,
      (s) =>
        s.participants.length === 3 && s.participants.every((p) => p.travelTimeSeconds !== null),
      { what: 'a travel time for Olga, Ada and Ben' },
    );
    const adaSeconds = travelOf(routed, ada);
    expect(adaSeconds).toBeGreaterThan(travelOf(routed, ben));
    expect(adaSeconds).toBeGreaterThan(travelOf(routed, olga));

    // Ada's phone takes pushes (registered as the profile page does, with the stand-in's keys).
    const device = pushService.device();
    await ok(`${stack.base}/api/push/subscribe`, {
      method: 'POST',
      token: ada.user!.token,
      body: { ...device.subscription, deviceName: 'Ada phone', userAgent: 'e2e' },
    });

    // (a) The arrival set so that Ada must leave in LEAVE_IN_MS: 'Time to leave for Pike Place
    // Market' by push and on her page (10 minutes before is long past: that one is dropped).
    const firstArrival = new Date(Date.now() + adaSeconds * 1000 + LEAVE_IN_MS);
    await saveArrival(stack, olga, id, firstArrival, PLACES.bellevue);
    await Promise.all([olga, ada, ben].map((who) => openSessionPage(who, id)));
    const leaveNow = `Time to leave for ${DESTINATION}`;
    await expect
      .poll(() => device.delivered(), { timeout: LEAVE_IN_MS + LIVE_TIMEOUT_MS, interval: 500 })
      .toContainEqual(expect.objectContaining({ body: leaveNow }));
    expect(device.delivered().filter((p) => JSON.stringify(p).includes('Leave in 10 min'))).toEqual(
      [],
    );
    const banner = alerts(ada.page).getByRole('alert').filter({ hasText: leaveNow });
    await banner.waitFor({ timeout: LIVE_TIMEOUT_MS });
    await screens.capture('leave-now-banner', { page: ada.page });
    // Dismissed: gone, and not back with the next poll (read on the server).
    await banner.getByRole('button', { name: `Dismiss: ${leaveNow}`, exact: true }).click();
    await banner.waitFor({ state: 'detached' });
    const inboxRead = ada.page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/notifications/inbox' && r.ok(),
    );
    await ada.page.reload();
    await inboxRead;
    await panelEntry(ada.page, ada.name).waitFor();
    expect(await alerts(ada.page).getByText(leaveNow).count()).toBe(0);

    // (b) Ben drives far south: the server finds him late, and Olga is offered a new time. Ada has
    // the app open on another page too: there the news comes as a toast.
    const adaElsewhere = await ada.context.newPage();
    await openApp(adaElsewhere, '/sessions');
    // Waited for from now on: a toast stays INBOX_TOAST_MS (8 s).
    const lateToastSeen = toasts(adaElsewhere)
      .getByText(/^Ben Driver is running \d+ min late$/)
      .first()
      .waitFor({ timeout: LIVE_TIMEOUT_MS * 2 })
      .then(() => adaElsewhere.screenshot({ path: path.join(screens.dir, 'late-toast-390.png') }));
    lateToastSeen.catch(() => undefined); // awaited below; no unhandled rejection meanwhile
    await ben.moveTo(CENTRALIA);
    const late = await waitForSession(
      stack,
      olga.user!.token,
      id,
      (s) =>
        typeof s.suggestedArriveAt === 'string' &&
        (participantOf(s, ben.user!)?.minutesLate ?? 0) > LATE_AFTER_MINUTES,
      { timeout: LIVE_TIMEOUT_MS, what: 'Ben late and a suggested arrival time' },
    );
    const suggested = new Date(late.suggestedArriveAt!);
    const offer = alerts(olga.page).getByRole('status').filter({ hasText: 'Move arrival to' });
    await whenText(offer, `${wallTime(suggested)}?`, LIVE_TIMEOUT_MS);
    // The others see Ben late in the panel, by the server's minutes.
    for (const who of [ada, olga])
      await whenText(panelEntry(who.page, ben.name), 'min late', LIVE_TIMEOUT_MS);
    await screens.capture('replan-offer', { page: olga.page });
    await lateToastSeen;
    await adaElsewhere.close();

    await offer.getByRole('button', { name: 'Move arrival', exact: true }).click();
    const moved = await waitForSession(
      stack,
      olga.user!.token,
      id,
      (s) => s.arriveAt !== null && Math.abs(Date.parse(s.arriveAt) - suggested.getTime()) < 60_000,
      { timeout: LIVE_TIMEOUT_MS, what: 'the arrival moved to the suggested time' },
    );
    const newArrival = new Date(moved.arriveAt!);
    await offer.waitFor({ state: 'detached', timeout: LIVE_TIMEOUT_MS });
    // All three pages show the new arrival time, and Olga's and Ada's new leave-by times.
    for (const who of [olga, ada, ben])
      await whenText(
        summaryFact(who.page, DESTINATION, 'Arrival time'),
        wallTime(newArrival),
        LIVE_TIMEOUT_MS,
      );
    for (const who of [olga, ada]) {
      await expect
        .poll(
          async () => {
            const now = await fetchSession(stack, who.user!.token, id);
            const leaveBy = new Date(Date.parse(now.arriveAt!) - travelOf(now, who) * 1000);
            const text = (await personalCard(who.page).textContent()) ?? '';
            return labelledTime('Leave by', leaveBy).test(text);
          },
          { timeout: LIVE_TIMEOUT_MS, interval: 500 },
        )
        .toBe(true);
    }
    // The others are told the new time in the app.
    for (const who of [ada, ben])
      await alerts(who.page)
        .getByText(labelledTime('New arrival', newArrival))
        .first()
        .waitFor({ timeout: LIVE_TIMEOUT_MS });
    await screens.capture('replanned', { page: ada.page });

    // (c) Ada reaches Pike Place Market: after the dwell every page shows her arrived.
    await ada.moveTo(PIKE_PLACE);
    const arrived = await waitForSession(
      stack,
      olga.user!.token,
      id,
      (s) => Boolean(participantOf(s, ada.user!)?.arrivedAt),
      { timeout: LIVE_TIMEOUT_MS * 2, what: 'Ada arrived' },
    );
    const arrivedText = `Arrived ${wallTime(new Date(participantOf(arrived, ada.user!)!.arrivedAt!))}`;
    for (const who of [olga, ada, ben])
      await whenText(panelEntry(who.page, ada.name), arrivedText, LIVE_TIMEOUT_MS);
    // Olga and Ben are told in the app as well.
    for (const who of [olga, ben])
      await alerts(who.page)
        .getByText(`${ada.name} arrived`, { exact: true })
        .waitFor({ timeout: LIVE_TIMEOUT_MS });
    await screens.capture('arrived', { page: ben.page });
    // The details dialog says it too.
    await panelEntry(olga.page, ada.name)
      .getByRole('button', { name: 'Details', exact: true })
      .click();
    const dialog = olga.page.getByRole('dialog', { name: ada.name, exact: true });
    await whenText(dialog, arrivedText, 5000);
    await screens.capture('arrived-details', { page: olga.page });
  }, 300_000);

  test("the profile's Notifications section saves a switch per topic and channel, and a session is muted from its page", async ({
    stack,
    person,
    screens,
  }) => {
    const pia = await person({ name: 'Pia Prefs', at: PLACES.bellevue, viewport: MOBILE });
    const { page } = pia;
    const token = pia.user!.token;
    const preferences = () =>
      ok<{
        preferences: Record<string, { push: boolean; inApp: boolean }>;
        mutedSessions: string[];
      }>(`${stack.base}/api/notifications/preferences`, { token });

    await openApp(page, '/profile');
    // The section under the heading 'Notifications' (not a landmark: the toasts' region has that name).
    const section = page
      .getByRole('heading', { name: 'Notifications', exact: true })
      .locator('xpath=..');
    const arrivedPush = section.getByRole('checkbox', {
      name: 'Someone arrived: Push',
      exact: true,
    });
    await arrivedPush.waitFor();
    // Every switch is on until turned off; nothing to save yet.
    for (const topic of ['Time to leave', 'Someone is late', 'Someone arrived'])
      for (const channel of ['Push', 'In-app'])
        expect(
          await section
            .getByRole('checkbox', { name: `${topic}: ${channel}`, exact: true })
            .isChecked(),
        ).toBe(true);
    const save = section.getByRole('button', { name: 'Save notification settings', exact: true });
    expect(await save.isDisabled()).toBe(true);

    await arrivedPush.uncheck();
    await section.getByRole('checkbox', { name: 'Time to leave: In-app', exact: true }).uncheck();
    await save.click();
    await page.getByText('Notification settings saved', { exact: true }).waitFor();
    expect((await preferences()).preferences).toEqual({
      leave: { push: true, inApp: false },
      late: { push: true, inApp: true },
      arrived: { push: false, inApp: true },
    });
    await section.scrollIntoViewIfNeeded();
    await screens.capture('notification-settings', { page });
    await page.reload();
    await arrivedPush.waitFor();
    expect(await arrivedPush.isChecked()).toBe(false);

    // Muting one session from its page, and back.
    const session = await createSession(stack, token, { name: 'Kerry Park' });
    await openApp(page, `/s/${session.sessionId}`);
    const mute = page.getByRole('button', { name: 'Mute notifications', exact: true });
    await mute.click();
    await page.getByText('Notifications for this session are muted', { exact: true }).waitFor();
    const unmute = page.getByRole('button', { name: 'Unmute notifications', exact: true });
    await unmute.waitFor();
    expect((await preferences()).mutedSessions).toEqual([session.sessionId]);
    await screens.capture('session-muted', { page });
    await unmute.click();
    await mute.waitFor();
    expect((await preferences()).mutedSessions).toEqual([]);
  });
});
