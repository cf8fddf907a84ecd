// Issue 5, flow 6: the plan cards' buttons by the user's plan, and a downgrade to Free.
import type { Locator, Page } from 'playwright-core';
import { me, registerUser } from '../src/api.js';
import { openApp, signIn } from '../src/app.js';
import { describe, expect, test } from '../src/browser.js';

/** A plan card: the list item whose heading is the plan's name. */
function card(page: Page, name: string): Locator {
  return page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });
}

/** Waits for the card's action (a button, or a link for Contact) labelled `label`. */
async function action(page: Page, plan: string, label: string, role: 'button' | 'link' = 'button') {
  const found = card(page, plan).getByRole(role, { name: label, exact: true });
  await found.waitFor();
  return found;
}

async function openPlans(page: Page) {
  await openApp(page, '/plans');
  await page.getByRole('heading', { name: 'Choose your plan', exact: true }).waitFor();
  await page
    .getByText('Upgrade for unlimited sessions and larger groups.', { exact: true })
    .waitFor();
}

describe('plans page', () => {
  test("a free user sees 'Current plan' on Free, 'Upgrade' on Standard and Premium, and 'Contact' with 'For large-scale' on Enterprise", async ({
    page,
    stack,
    screens,
  }) => {
    const user = await registerUser(stack, { tag: 'plans-free', name: 'Fran Free' });
    await signIn(page, user, '/plans');
    await openPlans(page);

    expect(await (await action(page, 'Free', 'Current plan')).isDisabled()).toBe(true);
    expect(await (await action(page, 'Standard', 'Upgrade')).isEnabled()).toBe(true);
    expect(await (await action(page, 'Premium', 'Upgrade')).isEnabled()).toBe(true);
    const contact = await action(page, 'Enterprise', 'Contact', 'link');
    expect(await contact.getAttribute('href')).toBe('/enterprise/contact');
    await card(page, 'Enterprise').getByText('For large-scale', { exact: true }).waitFor();
    expect(
      await page.getByRole('heading', { name: 'Manage billing' }).count(),
      'no billing for free',
    ).toBe(0);
    await screens.capture('plans-free');
  });

  test("a premium user sees 'Downgrade' on Free and Standard and 'Current plan' on Premium, and after confirming is on Free", async ({
    page,
    stack,
    screens,
  }) => {
    const user = await registerUser(stack, {
      tag: 'plans-premium',
      name: 'Prem Ium',
      plan: 'premium',
    });
    await signIn(page, user, '/plans');
    await openPlans(page);

    const downgrade = await action(page, 'Free', 'Downgrade');
    await action(page, 'Standard', 'Downgrade');
    expect(await (await action(page, 'Premium', 'Current plan')).isDisabled()).toBe(true);
    await action(page, 'Enterprise', 'Contact', 'link');
    await page.getByRole('heading', { name: 'Manage billing', exact: true }).waitFor();
    await screens.capture('plans-premium');

    // First a change of mind: dismissing the confirmation changes nothing.
    page.once('dialog', (dialog) => void dialog.dismiss());
    await downgrade.click();
    await expect.poll(async () => (await me(stack, user.token)).user.plan).toBe('premium');

    const confirmations: string[] = [];
    page.once('dialog', (dialog) => {
      confirmations.push(dialog.message());
      void dialog.accept();
    });
    await downgrade.click();
    await action(page, 'Free', 'Current plan');
    expect(confirmations).toEqual([expect.stringMatching(/^Downgrade to Free\?/)]);
    expect((await me(stack, user.token)).user.plan).toBe('free');
    await action(page, 'Standard', 'Upgrade');
    await action(page, 'Premium', 'Upgrade');
    await page
      .getByRole('heading', { name: 'Manage billing', exact: true })
      .waitFor({ state: 'detached' });
    await screens.capture('plans-after-downgrade');
  });

  test("an enterprise user is told Standard and Premium are managed with our team, with 'Contact' instead of a checkout, and can still go to Free", async ({
    page,
    stack,
    screens,
  }) => {
    const user = await registerUser(stack, {
      tag: 'plans-enterprise',
      name: 'Ent Erprise',
      plan: 'enterprise',
    });
    await signIn(page, user, '/plans');
    await openPlans(page);

    expect(await (await action(page, 'Enterprise', 'Current plan')).isDisabled()).toBe(true);
    for (const plan of ['Standard', 'Premium']) {
      const contact = await action(page, plan, 'Contact', 'link');
      expect(await contact.getAttribute('href')).toBe('/enterprise/contact');
      await card(page, plan)
        .getByText('Your Enterprise plan is managed with our team', { exact: true })
        .waitFor();
      expect(await card(page, plan).getByRole('button', { name: 'Downgrade' }).count()).toBe(0);
    }
    await screens.capture('plans-enterprise');

    page.once('dialog', (dialog) => void dialog.accept());
    await (await action(page, 'Free', 'Downgrade')).click();
    await action(page, 'Free', 'Current plan');
    expect((await me(stack, user.token)).user.plan).toBe('free');
    await action(page, 'Standard', 'Upgrade');
  });
});
