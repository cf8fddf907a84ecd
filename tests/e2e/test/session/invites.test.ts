// Issue 6: invitees listed before a session's first save (doc 1 §3 "Browser-local storage: …
// invitees") survive a reload, are invited when the save creates the session, and one whose invite
// could not be sent stays listed with 'Send now' until it is sent: nothing typed is lost.
import { sessionId } from '../../src/api.js';
import { describe, expect } from '../../src/browser.js';
import { PLACES, registerPerson, sessionTest as test } from '../../src/session.js';
import { expectInputValue, expectToast, openSession, pickPlace } from '../../src/session-page.js';

const INVITES_PATH = /\/api\/sessions\/[^/]+\/invites$/;

describe('invitees before the first save', () => {
  test("are kept across a reload, invited on save, and one that failed stays listed until 'Send now' sends it", async ({
    stack,
    person,
    screens,
  }) => {
    const owner = await person({ name: 'Ines Inviter', at: PLACES.bellevue });
    const [kim, lou] = await Promise.all([
      registerPerson(stack, 'Kim Early'),
      registerPerson(stack, 'Lou Later'),
    ]);
    const { page } = owner;
    const id = sessionId();
    await openSession(page, id);
    const invites = page.getByRole('region', { name: 'Invites', exact: true });
    const add = async (name: string, email: string) => {
      await invites.getByLabel('Name (optional)', { exact: true }).fill(name);
      await invites.getByLabel('Email', { exact: true }).fill(email);
      await invites.getByRole('button', { name: 'Add invitee', exact: true }).click();
    };
    const listed = (email: string) =>
      invites.getByRole('listitem').filter({ hasText: email }).getByText('Not sent yet');

    // 'Provide an email', a duplicate refused, two listed; nothing reaches the server yet.
    let invitesCalls = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && INVITES_PATH.test(r.url())) invitesCalls += 1;
    });
    await invites.getByRole('button', { name: 'Add invitee', exact: true }).click();
    await invites.getByText('Provide an email', { exact: true }).waitFor();
    await add(kim.name!, kim.email);
    await add('Kim again', kim.email.toUpperCase());
    await invites.getByText('This e-mail is already on the list', { exact: true }).waitFor();
    await add(lou.name!, lou.email);
    await listed(kim.email).waitFor();
    await listed(lou.email).waitFor();
    expect(invitesCalls).toBe(0);

    // A reload keeps them.
    await page.reload();
    await listed(kim.email).waitFor();
    await listed(lou.email).waitFor();
    await screens.capture('invitees-before-save', { page });

    // The save creates the session; Lou's invite fails once (the service is briefly down).
    let failLou = true;
    await page.route(INVITES_PATH, async (route) => {
      const body = route.request().postDataJSON() as { email: string };
      if (failLou && body.email === lou.email) {
        await route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ error: 'Service unavailable' }),
        });
      } else await route.continue();
    });
    await pickPlace(page, { label: 'Search for a place', query: 'Seattle', resultName: 'Seattle' });
    await expectInputValue(page, 'Timezone', 'America/Los_Angeles');
    await page.getByRole('button', { name: 'Save changes', exact: true }).click();
    await expectToast(page, `Service unavailable: ${lou.email}`);
    // Kim's invite went out (her code shows); Lou is still listed, with 'Send now'.
    await invites
      .getByRole('listitem')
      .filter({ hasText: kim.name! })
      .getByText('Invite code', { exact: true })
      .waitFor();
    await listed(lou.email).waitFor();
    expect(await listed(kim.email).count()).toBe(0);
    // Right after the save (before the worker's answer) the preview still shows the owner's trip.
    await page
      .getByRole('region', { name: 'Travel preview', exact: true })
      .getByText('Your travel time', { exact: true })
      .waitFor();
    await screens.capture('invitee-not-sent', { page });

    failLou = false;
    await invites.getByRole('button', { name: 'Send now', exact: true }).click();
    await invites
      .getByRole('listitem')
      .filter({ hasText: lou.name! })
      .getByText('Invite code', { exact: true })
      .waitFor();
    await listed(lou.email).waitFor({ state: 'detached' });
    await invites
      .getByRole('button', { name: 'Send now', exact: true })
      .waitFor({ state: 'detached' });
    // And nothing is left in the browser for this session.
    expect(
      await page.evaluate((key) => localStorage.getItem(key), `oneeta:invitees:${id}`),
    ).toBeNull();
  });
});
