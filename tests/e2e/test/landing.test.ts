// Issue 5, flow 3: the landing page signed out and signed in.
import type { Locator, Page } from 'playwright-core';
import { registerUser } from '../src/api.js';
import { openApp, signIn } from '../src/app.js';
import { describe, expect, test } from '../src/browser.js';

const PHRASES = ['5 people', 'Different places', 'One ETA'] as const;

/** The hero section, named by its heading: the three phrases, read once by screen readers. */
function hero(page: Page): Locator {
  return page.getByRole('region', { name: PHRASES.join(' / '), exact: true });
}

/** The phrase the hero shows now (the others are stacked underneath, transparent). */
async function shownPhrase(page: Page): Promise<string | undefined> {
  return page.evaluate(
    (phrases) => {
      const candidates = Array.from(
        document.querySelectorAll<HTMLElement>('h1 [aria-hidden="true"] *'),
      );
      const shown = candidates.find(
        (el) =>
          phrases.includes(el.textContent ?? '') && Number(getComputedStyle(el).opacity) > 0.9,
      );
      return shown?.textContent ?? undefined;
    },
    [...PHRASES] as string[],
  );
}

describe('landing page', () => {
  test("signed out offers 'Get Started Free' and 'Sign In', rotates the hero phrases, shows the server time and links the legal pages", async ({
    page,
    screens,
  }) => {
    await openApp(page, '/');
    const actions = hero(page);
    expect(
      await actions
        .getByRole('link', { name: 'Get Started Free', exact: true })
        .getAttribute('href'),
    ).toBe('/auth?mode=register');
    expect(
      await actions.getByRole('link', { name: 'Sign In', exact: true }).getAttribute('href'),
    ).toBe('/auth?mode=login');
    // The arrow after it is decorative (aria-hidden): the name is exactly the spec's text.
    const paidPlans = page.getByRole('link', { name: 'Learn about paid plans', exact: true });
    expect(await paidPlans.getAttribute('href')).toBe('/plans');

    // '5 people' → 'Different places' → 'One ETA' → '5 people', one every 2800 ms.
    const seen: string[] = [];
    await expect
      .poll(
        async () => {
          const phrase = await shownPhrase(page);
          if (phrase && seen.at(-1) !== phrase) seen.push(phrase);
          return seen.length;
        },
        { timeout: 12_000, interval: 200 },
      )
      .toBeGreaterThanOrEqual(4);
    const start = PHRASES.indexOf(seen[0] as (typeof PHRASES)[number]);
    expect(seen.slice(0, 4)).toEqual([0, 1, 2, 3].map((i) => PHRASES[(start + i) % 3]));

    // The health indicator goes from 'checking…' to the server time (never 'error: …').
    const health = page.locator('p', { hasText: /^API:/ });
    const time = health.locator('time');
    await time.waitFor({ timeout: 10_000 });
    const serverTime = Date.parse((await time.getAttribute('datetime')) ?? '');
    expect(Math.abs(serverTime - Date.now()), 'the server time is now').toBeLessThan(5 * 60_000);
    expect(await time.textContent()).toMatch(/\d{1,2}:\d{2}:\d{2}/);
    expect(await health.textContent()).not.toContain('error:');

    const footer = page.locator('footer').filter({ has: page.getByRole('navigation') });
    expect(
      await footer.getByRole('link', { name: 'Privacy', exact: true }).getAttribute('href'),
    ).toBe('/privacy');
    expect(
      await footer.getByRole('link', { name: 'Terms', exact: true }).getAttribute('href'),
    ).toBe('/terms');
    await screens.capture('landing-signed-out');
  });

  test("signed in shows a 'Sessions' button and a dropdown labelled with the name that closes on Escape and on an outside click", async ({
    page,
    stack,
    screens,
  }) => {
    const user = await registerUser(stack, { tag: 'landing', name: 'Lena Landing' });
    await signIn(page, user);
    await openApp(page, '/');
    const actions = hero(page);
    await actions.getByRole('link', { name: 'Sessions', exact: true }).waitFor();
    expect(
      await actions.getByRole('link', { name: 'Sessions', exact: true }).getAttribute('href'),
    ).toBe('/sessions');
    expect(await page.getByRole('link', { name: 'Get Started Free' }).count()).toBe(0);

    const trigger = actions.getByRole('button', { name: 'Lena Landing', exact: true });
    const menu = page.getByRole('menu', { name: 'Lena Landing', exact: true });
    await trigger.click();
    await menu.waitFor();
    for (const [item, href] of [
      ['Profile', '/profile'],
      ['Sessions', '/sessions'],
      ['Plans', '/plans'],
    ] as const) {
      expect(
        await menu.getByRole('menuitem', { name: item, exact: true }).getAttribute('href'),
      ).toBe(href);
    }
    await menu.getByRole('menuitem', { name: 'Sign out', exact: true }).waitFor();
    expect(await trigger.getAttribute('aria-expanded')).toBe('true');
    await screens.capture('landing-menu-open');

    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    expect(await trigger.getAttribute('aria-expanded')).toBe('false');

    await trigger.click();
    await menu.waitFor();
    await page.getByRole('heading', { level: 1 }).click(); // outside the menu and its button
    await menu.waitFor({ state: 'hidden' });
    expect(await trigger.getAttribute('aria-expanded')).toBe('false');
    await screens.capture('landing-signed-in');
  });
});
