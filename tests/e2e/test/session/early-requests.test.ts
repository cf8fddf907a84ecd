// Issue 13: a shared link's HTML (s.html), and /sessions' (sessions.html), ask for the page's
// first-screen data while the app's scripts download (apps/web/src/api/early.ts); the app takes
// those answers instead of asking again. Each of those calls goes out once, the page's policy
// allows the inline script (no violation reported), and the page shows what it showed before.
import type { Page, Request } from 'playwright-core';
import { createSession } from '../../src/api.js';
import { describe, expect } from '../../src/browser.js';
import { PLACES, sessionTest as test } from '../../src/session.js';
import { openApp } from '../../src/app.js';
import { openSession, summaryFact } from '../../src/session-page.js';

/** Counts the page's GETs of /api/… by path and query. */
function countApiGets(page: Page): Map<string, number> {
  const counts = new Map<string, number>();
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (request.method() !== 'GET' || !url.pathname.startsWith('/api/')) return;
    const key = url.pathname + url.search;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  });
  return counts;
}

/** Each of `urls` was asked exactly once (shown as URL → count, so a failure names the URL). */
function expectAskedOnce(counts: Map<string, number>, urls: readonly string[]) {
  expect(Object.fromEntries(urls.map((url) => [url, counts.get(url)]))).toEqual(
    Object.fromEntries(urls.map((url) => [url, 1])),
  );
}

/** The early answers nobody has taken yet (null: the inline script did not run). */
const untaken = (page: Page) =>
  page.evaluate(() => {
    const early = (window as unknown as Record<string, object | undefined>).__oneetaEarly;
    return early ? Object.keys(early) : null;
  });

describe('early requests of a shared link', () => {
  test('signed in: the six first-screen calls go out once each, from the HTML, and the page shows the session', async ({
    stack,
    person,
  }) => {
    // No device location: a position would change the session (a later, legitimate refetch).
    const owner = await person({ name: 'Erin Early', at: null });
    const session = await createSession(stack, owner.user!.token, { name: 'Pike Place Market' });
    const id = session.sessionId;
    const counts = countApiGets(owner.page);
    await openSession(owner.page, id);
    await summaryFact(owner.page, 'Pike Place Market', 'Status').waitFor();

    // Every early answer was taken by the call it stands for.
    await expect.poll(() => untaken(owner.page)).toEqual([]);
    const early = [
      `/api/sessions/${id}`,
      `/api/maps/token?sessionId=${id}`,
      '/api/auth/me',
      '/api/sessions/limits',
      '/api/notifications/inbox',
      '/api/notifications/preferences',
    ];
    expectAskedOnce(counts, early);
    expect(owner.errors).toEqual([]);
  });

  test('as a guest: the session and the map token, once each; nothing that needs a token', async ({
    stack,
    person,
  }) => {
    const owner = await person({ name: 'Olive Owner', at: PLACES.renton });
    const session = await createSession(stack, owner.user!.token, { name: 'Pike Place Market' });
    const id = session.sessionId;
    const guest = await person({ name: 'Gil Guest', at: PLACES.bellevue, signedIn: false });
    const counts = countApiGets(guest.page);
    await openSession(guest.page, id);
    expect(await summaryFact(guest.page, 'Pike Place Market', 'Status').textContent()).toBe(
      'Read-only',
    );

    await expect.poll(() => untaken(guest.page)).toEqual([]);
    expectAskedOnce(counts, [`/api/sessions/${id}`, `/api/maps/token?sessionId=${id}`]);
    for (const signedInOnly of [
      '/api/auth/me',
      '/api/sessions/limits',
      '/api/notifications/inbox',
    ]) {
      expect(counts.get(signedInOnly), signedInOnly).toBeUndefined();
    }
    expect(guest.errors).toEqual([]);
  });

  test("/sessions, signed in: the first screen's calls come from the HTML, and each of the page's calls goes out once", async ({
    stack,
    person,
  }) => {
    const owner = await person({ name: 'Sid Sessions', at: PLACES.renton });
    await createSession(stack, owner.user!.token, { name: 'Gas Works Park' });
    const counts = countApiGets(owner.page);
    await openApp(owner.page, '/sessions');
    await owner.page.getByText('Gas Works Park', { exact: true }).first().waitFor();

    await expect.poll(() => untaken(owner.page)).toEqual([]);
    // The user, the open sessions and the invites from the HTML; the rest from the app.
    const early = [
      '/api/auth/me',
      '/api/sessions/mine?status=open&limit=10',
      '/api/sessions/mine?status=closed&limit=10',
      '/api/sessions/my-invites',
      '/api/sessions/limits',
      '/api/notifications/inbox',
    ];
    // The alerts are asked by their watcher, a chunk of its own loaded after the first screen.
    await expect.poll(() => early.filter((url) => !counts.has(url))).toEqual([]);
    expectAskedOnce(counts, early);
    expect(owner.errors).toEqual([]);
  });
});
