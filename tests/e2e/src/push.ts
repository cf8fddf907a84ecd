// Web push in the browser tests. What is real and what stands in:
// - Real: the app's code (use-web-push.ts), the notification permission (granted to the context),
//   the app's service worker (public/sw.js) with its push handler and showNotification, the
//   /api/push calls, the notification service's outbox → BullMQ → web-push (aes128gcm encryption,
//   VAPID signature) and its HTTPS request to the subscription's endpoint.
// - Stands in: the browser's link to its push service. Headless Chromium's
//   `pushManager.subscribe` registers with FCM: a Playwright context is incognito-like and rejects
//   at once ("Registration failed - permission denied"), a persistent profile waits for FCM, which
//   this machine cannot reach. So an init script replaces only `PushManager.prototype.subscribe`
//   and `getSubscription` with a subscription whose endpoint is the push-service stand-in
//   (services/notification/test/push-stand-in.ts, HTTPS on 127.0.0.1) and whose keys are a real
//   P-256 pair and auth secret the stand-in made. The stand-in checks the VAPID JWT and decrypts
//   the body, as the browser would; the test hands the decrypted payload to the real service worker
//   with CDP `ServiceWorker.deliverPushMessage`, which is what Chromium does after decrypting.
import { startPushStandIn, type StandInDevice } from '@oneeta/notification/testing';
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';

export { startPushStandIn, type StandInDevice };
export type PushStandIn = Awaited<ReturnType<typeof startPushStandIn>>;

/** localStorage key where the stand-in subscription keeps the VAPID key it was made for. */
export const STAND_IN_SUBSCRIPTION_KEY = 'e2e:push-subscription';

/**
 * Makes `device` this context's push subscription: `subscribe` resolves to it (and remembers the
 * applicationServerKey it was given, base64url, under STAND_IN_SUBSCRIPTION_KEY), `getSubscription`
 * returns it until `unsubscribe`. Like Chromium, `subscribe` refuses without notification permission.
 */
export async function useStandInSubscription(
  context: BrowserContext,
  device: StandInDevice,
): Promise<void> {
  await context.addInitScript(
    ({ endpoint, p256dh, auth, storageKey }) => {
      if (typeof PushManager === 'undefined') return;
      const bytes = (base64url: string) => {
        const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
        const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
        return Uint8Array.from(binary, (c) => c.charCodeAt(0)).buffer;
      };
      const base64url = (buffer: ArrayBuffer | ArrayBufferView) => {
        const view =
          buffer instanceof ArrayBuffer
            ? new Uint8Array(buffer)
            : new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
        return btoa(String.fromCharCode(...view))
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/=+$/, '');
      };
      const subscription = (serverKey: string) => ({
        endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: bytes(serverKey) },
        getKey: (name: string) =>
          name === 'p256dh' ? bytes(p256dh) : name === 'auth' ? bytes(auth) : null,
        toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
        unsubscribe: async () => {
          localStorage.removeItem(storageKey);
          return true;
        },
      });
      const current = () => {
        const key = localStorage.getItem(storageKey);
        return key === null ? null : subscription(key);
      };
      PushManager.prototype.getSubscription = async function getSubscription() {
        return current() as unknown as PushSubscription | null;
      };
      PushManager.prototype.subscribe = async function subscribe(
        options?: PushSubscriptionOptionsInit,
      ) {
        if (Notification.permission !== 'granted')
          throw new DOMException('Registration failed - permission denied', 'NotAllowedError');
        const key = options?.applicationServerKey;
        if (!key || typeof key === 'string')
          throw new DOMException('applicationServerKey is required', 'NotSupportedError');
        localStorage.setItem(storageKey, base64url(key));
        return current() as unknown as PushSubscription;
      };
    },
    {
      endpoint: device.subscription.endpoint,
      p256dh: device.subscription.keys.p256dh,
      auth: device.subscription.keys.auth,
      storageKey: STAND_IN_SUBSCRIPTION_KEY,
    },
  );
}

/** The VAPID key the page's stand-in subscription was made for (null: not subscribed). */
export function subscribedServerKey(page: Page): Promise<string | null> {
  return page.evaluate((key) => localStorage.getItem(key), STAND_IN_SUBSCRIPTION_KEY);
}

/** Waits for the app's service worker to be active and in control of the page. */
export async function serviceWorkerReady(page: Page): Promise<void> {
  await page.waitForFunction(
    async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return registration?.active?.state === 'activated';
    },
    undefined,
    { timeout: 30_000, polling: 200 },
  );
}

export interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  icon: string;
  data: unknown;
}

/** What `registration.getNotifications()` lists for the page's service worker. */
export function shownNotifications(page: Page): Promise<ShownNotification[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    const list = (await registration?.getNotifications()) ?? [];
    return list.map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      icon: n.icon,
      data: n.data as unknown,
    }));
  });
}

interface RegistrationUpdate {
  registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[];
}

/**
 * Hands `payload` (what the push service delivered, decrypted) to the page's service worker as a
 * push event, through CDP `ServiceWorker.deliverPushMessage`.
 */
export async function deliverToServiceWorker(
  context: BrowserContext,
  page: Page,
  payload: unknown,
): Promise<void> {
  const origin = new URL(page.url()).origin;
  const cdp = await context.newCDPSession(page);
  try {
    const registrations = new Map<string, string>();
    cdp.on('ServiceWorker.workerRegistrationUpdated', (update: RegistrationUpdate) => {
      for (const r of update.registrations)
        if (r.isDeleted) registrations.delete(r.scopeURL);
        else registrations.set(r.scopeURL, r.registrationId);
    });
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrations.get(`${origin}/`), { timeout: 10_000 }).toBeDefined();
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId: registrations.get(`${origin}/`)!,
      data: JSON.stringify(payload),
    });
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

/**
 * Sets the context's notification permission for `origin` back to 'default' (the browser would
 * ask), as it is for a person who never answered: Playwright's `permissions` option and
 * `grantPermissions` deny every permission they do not list, notifications included.
 */
export async function notificationsNotAskedYet(
  context: BrowserContext,
  page: Page,
  origin: string,
): Promise<void> {
  const pageSession = await context.newCDPSession(page);
  const { targetInfo } = await pageSession.send('Target.getTargetInfo');
  await pageSession.detach();
  // Not detached: a browser session that goes away resets every permission it overrode in the
  // context (Playwright's geolocation grant included). It ends with the browser.
  const browserSession = await context.browser()!.newBrowserCDPSession();
  await browserSession.send('Browser.setPermission', {
    permission: { name: 'notifications' },
    setting: 'prompt',
    origin,
    browserContextId: targetInfo.browserContextId,
  });
}
