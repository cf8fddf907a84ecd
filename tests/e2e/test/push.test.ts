// Issue 14: web push from the browser's side. Profile → Web Notifications (enable, the device
// listed, 'Send test push' shown by the service worker, 'Remove all devices'), and the session
// page's one-time offer to turn notifications on. See src/push.ts for what is real and what
// stands in for the browser's push service.
import { afterAll, beforeAll } from 'vitest';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { createSession, ok, registerUser, sessionId, type TestUser } from '../src/api.js';
import { signIn } from '../src/app.js';
import { describe, DESKTOP, expect, MOBILE, test } from '../src/browser.js';
import {
  deliverToServiceWorker,
  notificationsNotAskedYet,
  serviceWorkerReady,
  shownNotifications,
  startPushStandIn,
  subscribedServerKey,
  useStandInSubscription,
  type PushStandIn,
} from '../src/push.js';
import { inviteByApi, PLACES, registerPerson, sessionTest, type Person } from '../src/session.js';
import {
  acceptInvite,
  expectInputValue,
  openSession,
  panelEntry,
  pickPlace,
  summaryCard,
} from '../src/session-page.js';
import type { StackInfo } from '../src/stack.js';

let pushService: PushStandIn;
beforeAll(async () => {
  pushService = await startPushStandIn();
});
afterAll(async () => {
  await pushService?.close();
});

interface Device {
  endpoint: string;
  deviceName: string | null;
}

async function listDevices(stack: StackInfo, token: string): Promise<Device[]> {
  const { subscriptions } = await ok<{ subscriptions: Device[] }>(`${stack.base}/api/push/list`, {
    token,
  });
  return subscriptions;
}

const OFFER = 'Get notified about this session';
const offerOf = (page: Page) => page.getByRole('complementary', { name: OFFER, exact: true });

/** A session of `owner`'s (made through the API) that `joiner` joins through its invite link. */
async function joinNewSession(
  stack: StackInfo,
  owner: TestUser,
  joiner: Person,
  name: string,
  index: number,
): Promise<void> {
  const session = await createSession(stack, owner.token, { name, index });
  const invite = await inviteByApi(stack, owner.token, session.sessionId, joiner.user!);
  await acceptInvite(joiner.page, session.sessionId, invite.code!);
  await panelEntry(joiner.page, joiner.name).waitFor();
}

/** The session page has rendered its cards (the offer, when due, decides in the same render). */
async function sessionShown(person: Person, destination: string): Promise<void> {
  await summaryCard(person.page, destination).waitFor();
  await panelEntry(person.page, person.name).waitFor();
}

describe('web notifications', () => {
  test("a user enables notifications, sees the device listed, gets 'Send test push' as a notification from the service worker, and 'Remove all devices' empties the list", async ({
    stack,
    context,
    page,
    screens,
  }) => {
    const user = await registerUser(stack, { tag: 'push', name: 'Pia Push' });
    const device = pushService.device();
    await context.grantPermissions(['notifications'], { origin: stack.base });
    await useStandInSubscription(context, device);

    await signIn(page, user, '/profile');
    await page.getByRole('tab', { name: 'Web Notifications', exact: true }).click();
    const panel = page.getByRole('tabpanel', { name: 'Web Notifications' });
    await panel.getByText('Notifications are off for this device.', { exact: true }).waitFor();
    await panel.getByText('No devices registered.', { exact: true }).waitFor();
    const sendTest = panel.getByRole('button', { name: 'Send test push', exact: true });
    const removeAll = panel.getByRole('button', { name: 'Remove all devices', exact: true });
    // Nothing to test or remove yet.
    expect(await sendTest.isDisabled()).toBe(true);
    expect(await removeAll.isDisabled()).toBe(true);
    // A person opens the profile long after the app installed its service worker.
    await serviceWorkerReady(page);

    // Enable: the app subscribes with the server's VAPID key and registers the subscription.
    await panel.getByRole('button', { name: 'Enable notifications', exact: true }).click();
    await panel.getByText('Notifications are on for this device.', { exact: true }).waitFor();
    await page.getByText('Notifications enabled', { exact: true }).waitFor();
    const vapid = await ok<{ publicKey: string }>(`${stack.base}/api/push/vapidPublicKey`, {
      token: user.token,
    });
    expect(await subscribedServerKey(page)).toBe(vapid.publicKey);
    expect(await listDevices(stack, user.token)).toEqual([
      expect.objectContaining({
        endpoint: device.subscription.endpoint,
        deviceName: 'Chrome on Linux',
      }),
    ]);
    const listed = panel.getByRole('listitem').filter({ hasText: 'Chrome on Linux' });
    await listed.getByText('This device', { exact: true }).waitFor();
    await expect.poll(() => listed.textContent()).toContain('Last seen');
    await screens.capture('push-enabled');

    // 'Send test push': the notification service encrypts and signs it and sends it to the push
    // service; the stand-in decrypts it and the service worker gets it as a push event.
    await sendTest.click();
    await page.getByText('Test push sent', { exact: true }).waitFor();
    await expect.poll(() => device.delivered().length, { timeout: 30_000 }).toBe(1);
    const [payload] = device.delivered();
    expect(payload).toEqual({
      title: 'OneETA',
      body: 'Test notification: push notifications work on this device.',
      url: '/profile',
      tag: 'oneeta:test:none',
    });
    expect(device.requests[0]).toMatchObject({
      status: 201,
      urgency: 'normal',
      vapid: { publicKey: vapid.publicKey },
    });
    expect(await shownNotifications(page)).toEqual([]);
    await deliverToServiceWorker(context, page, payload);
    // The service worker may have been stopped while idle; starting it again can take seconds here.
    await expect
      .poll(() => shownNotifications(page), { timeout: 15_000 })
      .toEqual([
        {
          title: 'OneETA',
          body: 'Test notification: push notifications work on this device.',
          tag: 'oneeta:test:none',
          icon: `${stack.base}/favicon.svg`,
          data: { url: '/profile' },
        },
      ]);
    await screens.capture('push-test-arrived');
    // On a phone the list is below the first screen: the device row where a person scrolls to it.
    await page.setViewportSize(MOBILE);
    await listed.evaluate((row) => row.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: path.join(screens.dir, 'push-devices-390.png') });
    await page.setViewportSize(DESKTOP);

    // 'Remove all devices', confirmed: the server forgets them and this browser unsubscribes.
    const asked: string[] = [];
    page.once('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.accept();
    });
    await removeAll.click();
    await expect
      .poll(() => asked)
      .toEqual(['Remove every registered device? They will stop receiving notifications.']);
    await panel.getByText('No devices registered.', { exact: true }).waitFor();
    await panel.getByText('Notifications are off for this device.', { exact: true }).waitFor();
    await page.getByText('All devices removed', { exact: true }).waitFor();
    expect(await listDevices(stack, user.token)).toEqual([]);
    expect(await subscribedServerKey(page)).toBeNull();
    expect(await sendTest.isDisabled()).toBe(true);
    await screens.capture('push-removed');
  });
});

describe("the session page's offer to turn on notifications", () => {
  sessionTest(
    "appears right after joining, not on a plain reload, and 'Not now' puts it away for good",
    async ({ stack, person, screens }) => {
      const owner = await registerPerson(stack, 'Oona Owner');
      const bo = await person({ name: 'Bo Joiner', at: PLACES.bellevue });
      const { page } = bo;
      await notificationsNotAskedYet(bo.context, page, stack.base);

      await joinNewSession(stack, owner, bo, 'Pike Place Market', 0);
      const offer = offerOf(page);
      await offer.waitFor();
      expect(await page.evaluate(() => Notification.permission)).toBe('default');
      await offer.getByRole('button', { name: 'Turn on notifications', exact: true }).waitFor();
      await offer.getByRole('button', { name: 'Not now', exact: true }).waitFor();
      expect(await offer.textContent()).toContain(
        'Turn on notifications to hear on this device when the session changes.',
      );
      await screens.capture('session-push-offer', { page });

      // A plain load of the same page is not a moment that matters.
      await page.reload();
      await sessionShown(bo, 'Pike Place Market');
      expect(await offer.count()).toBe(0);

      // The next join offers again; 'Not now' puts it away, and no later join brings it back.
      await joinNewSession(stack, owner, bo, 'Space Needle', 1);
      await offer.waitFor();
      await offer.getByRole('button', { name: 'Not now', exact: true }).click();
      await offer.waitFor({ state: 'detached' });
      expect(await page.evaluate(() => localStorage.getItem('oneeta:push-offer-dismissed'))).toBe(
        '1',
      );
      await joinNewSession(stack, owner, bo, 'Kerry Park', 2);
      await sessionShown(bo, 'Kerry Park');
      expect(await offer.count()).toBe(0);
      await screens.capture('session-after-not-now', { page });
    },
  );

  sessionTest(
    'appears after the owner saves a new session, not while the page is opened',
    async ({ stack, person }) => {
      const owner = await person({ name: 'Nia New', at: PLACES.bellevue });
      const { page } = owner;
      await notificationsNotAskedYet(owner.context, page, stack.base);
      await openSession(page, sessionId());
      const search = page.getByRole('combobox', { name: 'Search for a place', exact: true });
      await search.waitFor();
      expect(await offerOf(page).count()).toBe(0);

      await pickPlace(page, {
        label: 'Search for a place',
        query: 'Seattle',
        resultName: 'Seattle',
      });
      await expectInputValue(page, 'Timezone', 'America/Los_Angeles');
      expect(await offerOf(page).count()).toBe(0);
      await page.getByRole('button', { name: 'Save changes', exact: true }).click();
      await offerOf(page).waitFor();
      await offerOf(page)
        .getByRole('button', { name: 'Turn on notifications', exact: true })
        .waitFor();
    },
  );

  sessionTest(
    "'Turn on notifications' registers this browser with the profile's push logic and the offer goes",
    async ({ stack, person }) => {
      const owner = await registerPerson(stack, 'Otto Owner');
      const cleo = await person({ name: 'Cleo Joiner', at: PLACES.redmond });
      const device = pushService.device();
      await useStandInSubscription(cleo.context, device);
      await notificationsNotAskedYet(cleo.context, cleo.page, stack.base);

      await joinNewSession(stack, owner, cleo, 'Pike Place Market', 0);
      const offer = offerOf(cleo.page);
      await offer.waitFor();
      // The browser's prompt, answered 'Allow' (headless Chromium shows no prompt).
      await cleo.context.grantPermissions(['geolocation', 'notifications'], {
        origin: stack.base,
      });
      await offer.getByRole('button', { name: 'Turn on notifications', exact: true }).click();
      await offer.waitFor({ state: 'detached' });
      await cleo.page.getByText('Notifications enabled', { exact: true }).waitFor();
      await expect
        .poll(async () => (await listDevices(stack, cleo.user!.token)).map((d) => d.endpoint))
        .toEqual([device.subscription.endpoint]);
      expect(await subscribedServerKey(cleo.page)).not.toBeNull();
    },
  );
});
