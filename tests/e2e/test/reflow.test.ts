// Issue 34 item 10: every page reflows at 320 CSS px (WCAG 1.4.10; a phone at 200 % zoom): no
// sideways scrolling and nothing drawn past the viewport's edges — the landing page, /sessions
// with an open session and an invite, the session page with its 'Leave by … to arrive …' line,
// the arrival panel and the header's menu open, and the other pages a visitor reaches.
// Nothing may stick out past the viewport or past the bordered box it sits in (src/reflow.ts).
// Screenshots at 320 px go to artifacts/<test>/<screen>-320.png.
import type { Session } from '@oneeta/contracts';
import type { Page } from 'playwright-core';
import {
  closeSession,
  createSession,
  ok,
  registerAdmin,
  sessionId,
  verifyEmail,
} from '../src/api.js';
import { openApp } from '../src/app.js';
import { describe } from '../src/browser.js';
import { expectReflow, REFLOW } from '../src/reflow.js';
import {
  acceptByApi,
  inviteByApi,
  registerPerson,
  sessionTest as test,
  waitForSession,
  type LatLon,
} from '../src/session.js';
import { arrivalPanel, panelEntry, whenText } from '../src/session-page.js';
import type { StackInfo } from '../src/stack.js';

const MINUTE_MS = 60_000;
/** Denver Union Station (the destination) and Golden (about half an hour out). */
const UNION_STATION: LatLon = { lat: 39.7527, lon: -105.0001 };
const GOLDEN: LatLon = { lat: 39.7555, lon: -105.2211 };
/** Long enough to need two lines at 320 px. */
const LONG_NAME = 'Denver Union Station Great Hall and Terminal Bar';

/**
 * POST /api/sessions: a session at Denver Union Station in Denver's time zone with the owner at
 * Golden; a viewer on Seattle time reads its times with 'Denver time' after them (the longest).
 */
async function denverSession(
  stack: StackInfo,
  token: string,
  ownerId: string,
  { name = LONG_NAME, minutes = 95 }: { name?: string; minutes?: number } = {},
): Promise<string> {
  const id = sessionId();
  const arriveAt = new Date(Math.ceil((Date.now() + minutes * MINUTE_MS) / MINUTE_MS) * MINUTE_MS);
  await ok<{ session: Session }>(`${stack.base}/api/sessions`, {
    method: 'POST',
    token,
    body: {
      sessionId: id,
      destination: {
        id: `e2e-reflow-${id}`,
        name,
        address: '1701 Wynkoop Street, Lower Downtown, Denver, CO 80202, United States',
        position: UNION_STATION,
      },
      tzId: 'America/Denver',
      arriveAt: arriveAt.toISOString(),
      travelMode: 'car',
      participants: [{ id: `user:${ownerId}`, ...GOLDEN }],
    },
  });
  return id;
}

/** Opens the header's floating menu, checks the page with it open, and closes it again. */
async function withHeaderMenu(page: Page, dir: string, name: string): Promise<void> {
  const button = page.locator('.site-header').getByRole('button', { name: 'Menu', exact: true });
  await button.click();
  await page.locator('.site-header').getByRole('navigation', { name: 'Menu' }).waitFor();
  await expectReflow(page, dir, name);
  await page.keyboard.press('Escape');
  await page.locator('.floating-menu-panel').waitFor({ state: 'hidden' });
}

/** Opens `path`, waits for `ready` (a heading or a text) and checks the page at 320 px. */
async function checkPage(
  page: Page,
  dir: string,
  name: string,
  path: string,
  ready: () => Promise<void>,
): Promise<void> {
  await openApp(page, path);
  await ready();
  await expectReflow(page, dir, name);
}

describe('reflow at 320 CSS px (issue 34 item 10, WCAG 1.4.10)', () => {
  test('signed out: landing (menu open), auth, plans, privacy, terms and not found reflow at 320 px', async ({
    person,
    screens,
  }) => {
    const visitor = await person({
      name: 'Vera Visitor',
      at: null,
      signedIn: false,
      viewport: REFLOW,
    });
    const { page } = visitor;
    const heading = (name: string | RegExp) => () =>
      page.getByRole('heading', { level: 1, name }).first().waitFor();

    await checkPage(page, screens.dir, 'landing', '/', async () => {
      await page.getByRole('link', { name: 'Get Started Free', exact: true }).waitFor();
      await page.locator('p', { hasText: /^API:/ }).locator('time').waitFor({ timeout: 10_000 });
    });
    await withHeaderMenu(page, screens.dir, 'landing-menu');
    await checkPage(page, screens.dir, 'auth-register', '/auth?mode=register', heading(/./));
    await checkPage(page, screens.dir, 'auth-login', '/auth?mode=login', heading(/./));
    await checkPage(page, screens.dir, 'plans', '/plans', heading(/./));
    await checkPage(page, screens.dir, 'privacy', '/privacy', heading(/privacy/i));
    await checkPage(page, screens.dir, 'terms', '/terms', heading(/terms/i));
    await checkPage(page, screens.dir, 'not-found', '/no-such-page', heading(/./));
  });

  test('signed in: landing with the profile dropdown open, sessions with an open session and an invite, profile and plans reflow at 320 px', async ({
    stack,
    person,
    screens,
  }) => {
    const inviter = await registerPerson(stack, 'Ingrid Inviter');
    const viewer = await person({
      name: 'Bartholomew Wolfeschlegelsteinhausen',
      at: null,
      viewport: REFLOW,
    });
    const me = viewer.user!;
    const { page } = viewer;
    // 'Your invites' lists invites to a verified e-mail only.
    await verifyEmail(stack, me.email);
    await denverSession(stack, me.token, me.user.id);
    await closeSession(
      stack,
      me.token,
      (await createSession(stack, me.token, { name: 'Closed coffee', index: 1 })).sessionId,
    );
    const theirs = await denverSession(stack, inviter.token, inviter.user.id, {
      name: 'Coors Field Gate A Rooftop Terrace',
    });
    await inviteByApi(stack, inviter.token, theirs, me);

    await checkPage(page, screens.dir, 'landing-signed-in', '/', async () => {
      await page.getByRole('link', { name: 'Sessions', exact: true }).first().waitFor();
    });
    const trigger = page.getByRole('button', { name: viewer.name, exact: true });
    await trigger.click();
    await page.getByRole('menu', { name: viewer.name, exact: true }).waitFor();
    await expectReflow(page, screens.dir, 'landing-profile-dropdown');
    await page.keyboard.press('Escape');

    await checkPage(page, screens.dir, 'sessions', '/sessions', async () => {
      await page.getByText(LONG_NAME, { exact: true }).waitFor();
      await page.getByRole('link', { name: /^Open invite: / }).waitFor();
      await page.getByText('Closed coffee', { exact: true }).waitFor();
    });
    await withHeaderMenu(page, screens.dir, 'sessions-menu');
    await checkPage(page, screens.dir, 'profile', '/profile', async () => {
      await page.getByRole('tablist').first().waitFor();
    });
    await checkPage(page, screens.dir, 'plans-signed-in', '/plans', async () => {
      await page.getByRole('heading', { level: 1 }).first().waitFor();
    });
  });

  test("the session page ('Leave by … to arrive …', the arrival panel, invites, the header's menu, details), the invite page and the closed view reflow at 320 px", async ({
    stack,
    person,
    screens,
  }) => {
    // The owner's browser runs on Seattle time in a Denver session: the longest leave line there is
    // ('Leave by 4:18 PM Los Angeles time (in 1 h 36 min) to arrive 5:54 PM Denver time').
    const owner = await person({ name: 'Olga Owner-Longname', at: GOLDEN, viewport: REFLOW });
    const max = await registerPerson(stack, 'Maximilian Participant');
    const pending = await registerPerson(stack, 'Penelope Pending-Invitee');
    const id = await denverSession(stack, owner.user!.token, owner.user!.user.id);
    const invite = await inviteByApi(stack, owner.user!.token, id, max);
    await acceptByApi(stack, max, id, invite.code!, GOLDEN);
    const pendingInvite = await inviteByApi(stack, owner.user!.token, id, pending);
    await waitForSession(
      stack,
      owner.user!.token,
      id,
      (s) => {
        const joined = s.participants.filter((p) => !p.pending);
        return joined.length === 2 && joined.every((p) => p.travelTimeSeconds !== null);
      },
      { what: 'a travel time for the owner and Max' },
    );

    const { page } = owner;
    await openApp(page, `/s/${id}`);
    const card = page.getByRole('region', { name: /^(When to leave|Meeting time passed)$/ });
    await whenText(card, 'Leave by', 15_000);
    await whenText(card, 'to arrive', 5000);
    await whenText(panelEntry(page, max.name!), 'Leave', 15_000);
    await arrivalPanel(page).waitFor();
    await page.getByRole('region', { name: 'Invites', exact: true }).waitFor();
    await expectReflow(page, screens.dir, 'session');

    await withHeaderMenu(page, screens.dir, 'session-menu');

    await panelEntry(page, max.name!).getByRole('button', { name: 'Details', exact: true }).click();
    await page.getByRole('dialog', { name: max.name!, exact: true }).waitFor();
    await expectReflow(page, screens.dir, 'session-details');
    await page.keyboard.press('Escape');

    // The owner's edit form (date, time, time zone, travel mode).
    await page.getByRole('button', { name: 'Show details', exact: true }).click();
    await page.getByLabel('Timezone', { exact: true }).waitFor();
    await expectReflow(page, screens.dir, 'session-edit');

    // The invite link as the invitee opens it on a phone.
    const invitee = await person({
      name: pending.name!,
      user: pending,
      at: GOLDEN,
      viewport: REFLOW,
    });
    await invitee.page.goto(`/session/${id}/invite/${pendingInvite.code!}`);
    await invitee.page.getByRole('button', { name: 'Accept', exact: true }).waitFor();
    await expectReflow(invitee.page, screens.dir, 'invite');

    // The closed view.
    await closeSession(stack, owner.user!.token, id);
    await openApp(page, `/s/${id}`);
    await page.getByText('This session is closed', { exact: true }).first().waitFor();
    await expectReflow(page, screens.dir, 'session-closed');
  });

  test('the admin portal reflows at 320 px', async ({ stack, person, screens }) => {
    const admin = await registerAdmin(stack);
    // Something in its tables, whatever ran before: a session with a long name.
    const owner = await registerPerson(stack, 'Orla Owner');
    await createSession(stack, owner.token, { name: LONG_NAME });
    const { page } = await person({ name: 'Ada Admin', user: admin, at: null, viewport: REFLOW });
    await openApp(page, '/admin');
    await page.getByRole('heading', { name: 'Admin', level: 1 }).waitFor();
    await page.locator('.admin-summary .admin-stats').waitFor();
    await expectReflow(page, screens.dir, 'admin');
  });
});
