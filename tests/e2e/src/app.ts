// Page helpers that know the OneETA web app: opening it (and failing clearly when it is not
// there), signing in through the auth page, and the texts the spec fixes.
import type { Page, Response } from 'playwright-core';
import { expect } from 'vitest';
import type { TestUser } from './api.js';

/** Waits until the single-page app has rendered something into its root element. */
export async function expectAppRendered(page: Page, response?: Response | null): Promise<void> {
  try {
    // No root element at all: the gateway did not answer with the app's index.html.
    if ((await page.locator('#root').count()) === 0) throw new Error('no #root');
    await page.waitForFunction(
      () => {
        const root = document.getElementById('root');
        return Boolean(
          root && root.children.length > 0 && (root.textContent ?? '').trim().length > 0,
        );
      },
      undefined,
      { timeout: 20_000, polling: 100 },
    );
  } catch {
    const status = response ? `HTTP ${response.status()}` : 'no response';
    const body = (await page.content().catch(() => '')).replace(/\s+/g, ' ').slice(0, 300);
    throw new Error(
      `The web app did not render at ${page.url()} (${status}). Is apps/web built into apps/web/dist, ` +
        `and does the launcher rebuild it when stale? The page held: ${body}`,
    );
  }
}

/** page.goto(path) and wait for the app to render. */
export async function openApp(page: Page, urlPath: string): Promise<void> {
  const response = await page.goto(urlPath, { waitUntil: 'domcontentloaded' });
  await expectAppRendered(page, response);
}

/** The path (and query) the page is on now. */
export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return url.pathname;
}

export async function expectPath(page: Page, expected: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === expected, { timeout: 15_000 });
  expect(pathOf(page)).toBe(expected);
}

/** Signs in through /auth?mode=login (optionally with `next`) and waits to leave the auth page. */
export async function signIn(
  page: Page,
  user: Pick<TestUser, 'email' | 'password'>,
  next?: string,
) {
  const query = new URLSearchParams({ mode: 'login', ...(next ? { next } : {}) });
  await openApp(page, `/auth?${query.toString()}`);
  const form = page.locator('form');
  await form.getByLabel('Email', { exact: true }).fill(user.email);
  await form.getByLabel('Password', { exact: true }).fill(user.password);
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/auth', { timeout: 15_000 });
}
