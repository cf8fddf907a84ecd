// Issue 17 (the ledger's owner views): a session's travel computations reach the admin service's
// ledger through usage.recorded, and its owner reads them in Owner tools → Audit and Matrix usage;
// a participant who is not the owner is refused by the server.
import { createSession, ok, request } from '../../src/api.js';
import { DESKTOP, describe, expect, MOBILE } from '../../src/browser.js';
import {
  acceptByApi,
  inviteByApi,
  PLACES,
  registerPerson,
  somewhereNear,
  sendLocation,
  sessionTest as test,
  waitForSession,
} from '../../src/session.js';
import { openSession } from '../../src/session-page.js';

describe('owner tools', () => {
  test("the owner sees the session's travel-times calls in Audit (with totals) and per UTC hour in Matrix usage; a participant is refused", async ({
    stack,
    person,
    screens,
  }) => {
    const ownerAt = somewhereNear(PLACES.bellevue);
    const owner = await person({ name: 'Orla Owner', at: ownerAt });
    const token = owner.user!.token;
    const { sessionId: id } = await createSession(stack, token, { name: 'Pike Place Market' });
    const ada = await registerPerson(stack, 'Ada Audited');
    const invite = await inviteByApi(stack, token, id, ada);
    await acceptByApi(stack, ada, id, invite.code!, somewhereNear(PLACES.redmond));
    await sendLocation(stack, token, ownerAt);
    await waitForSession(
      stack,
      token,
      id,
      (s) => s.participants.every((p) => p.travelTimeSeconds !== null),
      {
        what: 'travel times for both participants',
      },
    );
    // The worker's usage.recorded events reach the ledger a moment later.
    const summary = () =>
      ok<{ totals: { count: number; azureRequests: number } }>(
        `${stack.base}/api/sessions/${id}/audit/summary`,
        { token },
      );
    await expect
      .poll(async () => (await summary()).totals.count, { timeout: 20_000 })
      .toBeGreaterThan(0);
    const { totals } = await summary();
    const { items } = await ok<{ items: { event: string }[] }>(
      `${stack.base}/api/sessions/${id}/audit?event=travel_times&limit=200`,
      { token },
    );
    expect(items.length).toBeGreaterThan(0);
    const { usage } = await ok<{ usage: { dateHour: string; count: number }[] }>(
      `${stack.base}/api/sessions/${id}/matrix-usage?includeRequests=false`,
      { token },
    );
    expect(usage.reduce((n, u) => n + u.count, 0)).toBeGreaterThanOrEqual(items.length);

    // Ada is in the session but does not own it.
    const refused = await request<{ error: string }>(`${stack.base}/api/sessions/${id}/audit`, {
      token: ada.token,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('You are not authorized to view logs for this session');

    const { page } = owner;
    await openSession(page, id);
    const tools = page.getByRole('region', { name: 'Owner tools', exact: true });
    await tools.scrollIntoViewIfNeeded();
    // The page reads the summary when it opens: at least what the API said a moment ago.
    const shown = tools.getByText(/^\d+ calls · \d+ provider requests$/);
    await shown.waitFor();
    const [calls, requests] = ((await shown.textContent()) ?? '').match(/\d+/g)!.map(Number);
    expect(calls).toBeGreaterThanOrEqual(totals.count);
    expect(requests).toBeGreaterThanOrEqual(totals.azureRequests);
    const table = tools.getByRole('region', { name: 'Audit', exact: true });
    await table.getByRole('cell', { name: 'travel_times', exact: true }).first().waitFor();
    for (const viewport of [MOBILE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await tools.scrollIntoViewIfNeeded();
      await screens.capture('owner-tools-audit', { page });
    }
    await tools.getByRole('tab', { name: 'Matrix usage', exact: true }).click();
    const hour = usage.at(-1)!;
    const label = `${new Date(hour.dateHour).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })}, ${hour.dateHour.slice(11, 13)}:00 UTC`;
    await tools.getByRole('rowheader', { name: label, exact: true }).waitFor({ state: 'attached' });
    await tools.getByText('Route-matrix calls per UTC hour', { exact: true }).first().waitFor();
    await screens.capture('owner-tools-matrix-usage', { page });
  });
});
