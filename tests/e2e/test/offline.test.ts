// Issue 5, flow 9: the service worker registers at startup, controls the page, and serves the app
// shell when the network is gone.
import { openApp } from '../src/app.js';
import { describe, expect, test } from '../src/browser.js';

describe('service worker', () => {
  test('is registered and controls the page after the first load, and a reload offline still shows the app shell', async ({
    page,
    context,
    screens,
  }) => {
    await openApp(page, '/');
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(new URL(scope).pathname).toBe('/');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 15_000,
    });
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated');

    await context.setOffline(true);
    await page.reload({ waitUntil: 'domcontentloaded' });
    await page.getByRole('link', { name: 'Get Started Free', exact: true }).waitFor();
    await screens.capture('landing-offline', { axe: false });
    await openApp(page, '/privacy');
    await screens.capture('privacy-offline', { axe: false });
    await context.setOffline(false);
  });
});
