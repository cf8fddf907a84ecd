// Issue 5, flow 7: the legal pages and the not-found page.
import { openApp } from '../src/app.js';
import { describe, expect, test } from '../src/browser.js';

describe('legal and not-found pages', () => {
  for (const [path, title] of [
    ['/privacy', 'Privacy Policy'],
    ['/terms', 'Terms of Service'],
  ] as const) {
    test(`${path} shows the ${title}, effective 4 October 2025`, async ({ page, screens }) => {
      await openApp(page, path);
      await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
      const effective = page.getByText(/^Effective 4 Oct(ober)? 2025$/);
      await effective.waitFor();
      expect(await effective.locator('time').getAttribute('datetime')).toBe('2025-10-04');
      await screens.capture(path.slice(1));
    });
  }

  test("an unknown path shows 'Page not found' with a Go home link", async ({ page, screens }) => {
    await openApp(page, '/no-such-page/here');
    await page.getByRole('heading', { name: 'Page not found', exact: true }).waitFor();
    const home = page.getByRole('main').getByRole('link', { name: 'Go home', exact: true });
    expect(await home.getAttribute('href')).toBe('/');
    await screens.capture('not-found');
    await home.click();
    await page.waitForURL((url) => url.pathname === '/');
  });
});
