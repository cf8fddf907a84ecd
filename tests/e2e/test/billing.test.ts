// Issue 18: billing on the local provider (the embedded default): an upgrade through the test-mode
// checkout and its limits at once, the billing portal, a downgrade that ends the subscription, a
// cancelled checkout, the alerts of doc 2 §8 'Plans', and an enterprise lead with its Reference ID.
import type { Locator, Page } from 'playwright-core';
import { createSession, me, ok, registerUser, setPlan, type TestUser } from '../src/api.js';
import { expectPath, openApp, signIn } from '../src/app.js';
import { describe, expect, test } from '../src/browser.js';
import type { StackInfo } from '../src/stack.js';

const TOKEN_KEY = 'oneeta:token';

/** A plan card: the list item whose heading is the plan's name. */
function card(page: Page, name: string): Locator {
  return page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });
}

async function action(page: Page, plan: string, label: string): Promise<Locator> {
  const found = card(page, plan).getByRole('button', { name: label, exact: true });
  await found.waitFor();
  return found;
}

async function openPlans(page: Page, user: TestUser) {
  await signIn(page, user, '/plans');
  await page.getByRole('heading', { name: 'Choose your plan', exact: true }).waitFor();
}

/** The token the web app holds now (it refreshes it after a checkout). */
function browserToken(page: Page): Promise<string | null> {
  return page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);
}

function subscription(stack: StackInfo, token: string) {
  return ok<{ subscription: { plan: string; status: string } | null }>(
    `${stack.base}/api/billing/subscription`,
    { token },
  );
}

/** Accepts the next dialog (confirm or alert) and answers its text (15 s at most). */
async function acceptNextDialog(page: Page): Promise<string> {
  const dialog = await page.waitForEvent('dialog');
  const text = dialog.message();
  await dialog.accept();
  return text;
}

describe('billing (local provider)', () => {
  test("a free user upgrades to Standard through the test-mode checkout, sees 'Current plan' and 'Manage billing', creates a second session at once, and downgrading to Free ends the subscription", async ({
    page,
    context,
    stack,
    screens,
  }) => {
    const user = await registerUser(stack, { tag: 'billing-up', name: 'Una Upgrade' });
    await createSession(stack, user.token, { name: 'First session' });
    await expect(
      createSession(stack, user.token, { name: 'Second session', index: 1 }),
    ).rejects.toThrow(/answered 403.*session limit/);

    await openPlans(page, user);
    await page.getByText(/^Paid plans are bought through Stripe Checkout/).waitFor();
    await (await action(page, 'Standard', 'Upgrade')).click();

    await page.waitForURL(/\/billing\/checkout\/[^/]+$/);
    const checkoutUrl = page.url();
    await page.getByText('Test mode — no card is charged', { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Checkout', exact: true }).waitFor();
    const facts = page.locator('dl');
    await facts.getByText('Standard', { exact: true }).waitFor();
    await facts.getByText('$5/month', { exact: true }).waitFor();
    await facts.getByText('$5.00', { exact: true }).waitFor();
    await screens.capture('checkout');

    const refreshes: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === '/api/auth/refresh') refreshes.push(req.url());
    });
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/plans' && url.search === '?checkout=success');
    await page
      .getByText('Payment received — you are now on the Standard plan.', { exact: true })
      .waitFor();
    expect(await (await action(page, 'Standard', 'Current plan')).isDisabled()).toBe(true);
    await action(page, 'Free', 'Downgrade');
    await action(page, 'Premium', 'Upgrade');
    await page.getByRole('heading', { name: 'Manage billing', exact: true }).waitFor();
    await screens.capture('plans-after-upgrade');

    // The web app's own token, refreshed after the checkout, carries the new plan, and the
    // session service's limits follow at once: a second open session.
    const token = await browserToken(page);
    expect(token).not.toBeNull();
    expect(token).not.toBe(user.token);
    expect((await me(stack, token!)).user.plan).toBe('standard');
    const second = await createSession(stack, token!, { name: 'Second session', index: 1 });
    expect(second.sessionId).toBeTruthy();
    expect((await subscription(stack, token!)).subscription).toMatchObject({
      plan: 'standard',
      status: 'active',
    });

    // The paid checkout cannot be paid again.
    const again = await context.newPage();
    await openApp(again, new URL(checkoutUrl).pathname);
    await again.getByText('This checkout is no longer open. It has been paid.').waitFor();
    expect(await again.getByRole('button', { name: 'Pay', exact: true }).count()).toBe(0);
    await screens.capture('checkout-closed', { page: again });
    await again.close();

    // Manage billing opens the portal in a new tab.
    const [portal] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: 'Manage billing', exact: true }).click(),
    ]);
    await portal.waitForURL((url) => url.pathname === '/billing/portal');
    await portal.getByRole('heading', { name: 'Manage billing', exact: true }).waitFor();
    const portalFacts = portal.locator('dl');
    await portalFacts.getByText('Active', { exact: true }).waitFor();
    await portalFacts.getByText('Next renewal', { exact: true }).waitFor();
    await portal.getByText('Test mode — no card is charged', { exact: true }).waitFor();
    await portal.getByRole('button', { name: 'Cancel subscription', exact: true }).waitFor();
    await screens.capture('portal', { page: portal });
    await portal.close();

    // The local provider changes the plan before answering: one token refresh was enough, and the
    // new token did not start another.
    expect(refreshes).toHaveLength(1);

    // Downgrade to Free: PATCH /api/auth/plan, the profile reloads, and the subscription ends.
    const confirmation = acceptNextDialog(page);
    await (await action(page, 'Free', 'Downgrade')).click();
    expect(await confirmation).toMatch(/^Downgrade to Free\?/);
    await action(page, 'Free', 'Current plan');
    await action(page, 'Standard', 'Upgrade');
    expect((await me(stack, token!)).user.plan).toBe('free');
    await expect
      .poll(async () => (await subscription(stack, token!)).subscription?.status ?? 'none', {
        timeout: 15_000,
      })
      .toMatch(/^(none|canceled)$/);
    await page
      .getByRole('heading', { name: 'Manage billing', exact: true })
      .waitFor({ state: 'detached' });
  });

  test('a cancelled checkout comes back to the plans page with the cancelled message and the plan unchanged', async ({
    page,
    stack,
    screens,
  }) => {
    const user = await registerUser(stack, { tag: 'billing-cancel', name: 'Cal Cancel' });
    await openPlans(page, user);
    await (await action(page, 'Premium', 'Upgrade')).click();
    await page.waitForURL(/\/billing\/checkout\/[^/]+$/);
    await page.locator('dl').getByText('Premium', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();

    await page.waitForURL(
      (url) => url.pathname === '/plans' && url.search === '?checkout=cancelled',
    );
    await page
      .getByText('Checkout cancelled. Your plan has not changed and nothing was charged.', {
        exact: true,
      })
      .waitFor();
    expect(await (await action(page, 'Free', 'Current plan')).isDisabled()).toBe(true);
    await action(page, 'Premium', 'Upgrade');
    await screens.capture('plans-checkout-cancelled');
    expect((await me(stack, user.token)).user.plan).toBe('free');

    await page.getByRole('button', { name: 'Dismiss', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/plans' && url.search === '');
    expect(await page.getByText(/^Checkout cancelled/).count()).toBe(0);
  });

  test('the billing portal cancels a subscription and the user is on Free at once', async ({
    page,
    stack,
    screens,
  }) => {
    const user = await registerUser(stack, { tag: 'billing-portal', name: 'Pat Portal' });
    // Bought through the API, as the checkout page does.
    const { url } = await ok<{ url: string }>(`${stack.base}/api/billing/create-checkout-session`, {
      method: 'POST',
      token: user.token,
      body: { plan: 'premium' },
    });
    const id = new URL(url).pathname.split('/').pop()!;
    await ok(`${stack.base}/api/billing/checkout/${id}/pay`, { method: 'POST', token: user.token });
    await expect.poll(async () => (await me(stack, user.token)).user.plan).toBe('premium');

    await signIn(page, user, '/billing/portal');
    await expectPath(page, '/billing/portal');
    const facts = page.locator('dl');
    await facts.getByText('Premium', { exact: true }).waitFor();
    await facts.getByText('Active', { exact: true }).waitFor();

    const confirmation = acceptNextDialog(page);
    await page.getByRole('button', { name: 'Cancel subscription', exact: true }).click();
    expect(await confirmation).toBe(
      'Cancel your Premium subscription? You return to the Free plan at once.',
    );
    await page
      .getByText('Your subscription is cancelled. You are now on the Free plan.', { exact: true })
      .waitFor();
    await screens.capture('portal-cancelled');
    expect((await me(stack, user.token)).user.plan).toBe('free');

    await page.getByRole('link', { name: 'Back to plans', exact: true }).click();
    await expectPath(page, '/plans');
    await action(page, 'Free', 'Current plan');
  });

  test("an enterprise user's portal says there is no subscription, and a plan changed elsewhere gives doc 2 §8's alerts", async ({
    page,
    context,
    stack,
    screens,
  }) => {
    const user = await registerUser(stack, {
      tag: 'billing-ent',
      name: 'Ent Erprise',
      plan: 'enterprise',
    });
    await openPlans(page, user);
    await action(page, 'Enterprise', 'Current plan');
    const [portal] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: 'Manage billing', exact: true }).click(),
    ]);
    await portal.getByText('No paid subscription to manage', { exact: true }).waitFor();
    await screens.capture('portal-no-subscription', { page: portal });
    await portal.close();

    // Billing refuses an Enterprise account's checkout: Standard and Premium say so, with Contact.
    for (const plan of ['Standard', 'Premium']) {
      await card(page, plan)
        .getByText('Your Enterprise plan is managed with our team', { exact: true })
        .waitFor();
      await card(page, plan).getByRole('link', { name: 'Contact', exact: true }).waitFor();
    }

    // Free is set elsewhere: the page still shows Manage billing, and the portal is refused.
    await setPlan(stack, user.user.id, 'free');
    const portalAlert = acceptNextDialog(page);
    await page.getByRole('button', { name: 'Manage billing', exact: true }).click();
    expect(await portalAlert).toBe('Failed to create billing portal session');
    // The tab opened for the portal inside the click is closed again.
    await expect.poll(() => context.pages().length).toBe(1);

    // Premium is set elsewhere while the page shows Free: it still offers it, and the checkout is refused.
    await openApp(page, '/plans');
    const upgrade = await action(page, 'Premium', 'Upgrade');
    await setPlan(stack, user.user.id, 'premium');
    const checkoutAlert = acceptNextDialog(page);
    await upgrade.click();
    expect(await checkoutAlert).toBe('Failed to create checkout session');
  });

  test('a signed-out visitor is told to sign in, and an enterprise lead is submitted with its Reference ID shown', async ({
    page,
    screens,
  }) => {
    await openApp(page, '/plans');
    await page.getByText(/^Sign in to select a plan\./).waitFor();
    for (const name of ['Free', 'Standard', 'Premium', 'Enterprise']) {
      await card(page, name).getByRole('link', { name: 'Sign in', exact: true }).waitFor();
    }
    await screens.capture('plans-signed-out');

    await card(page, 'Enterprise').getByRole('link', { name: 'Contact', exact: true }).click();
    await expectPath(page, '/enterprise/contact');
    await page.getByRole('heading', { name: 'Contact sales', exact: true }).waitFor();
    const form = page.locator('form');
    await form.getByLabel('Name', { exact: true }).fill('Erin Enterprise');
    await form.getByLabel('Work email', { exact: true }).fill(`erin-${Date.now()}@example.com`);
    await form.getByLabel('Company (optional)', { exact: true }).fill('Acme Logistics');
    await form.getByLabel('Company size (optional)', { exact: true }).selectOption('51-200');
    await form.getByLabel('Monthly requests (optional)', { exact: true }).fill('25000');
    await form
      .getByLabel('Message (optional)', { exact: true })
      .fill('We coordinate 200 drivers a day.');
    await screens.capture('enterprise-form');

    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.getByRole('heading', { name: "Thanks — we'll be in touch", exact: true }).waitFor();
    await page
      .getByText('Your request was received. We typically respond within 1–2 business days.', {
        exact: true,
      })
      .waitFor();
    const reference = page.locator('.enterprise-reference code');
    await reference.waitFor();
    expect((await reference.textContent())?.trim()).toMatch(/^\S{4,}$/);
    await page.getByText(/^Reference ID:/).waitFor();
    await screens.capture('enterprise-success');

    await page.getByRole('button', { name: 'Back to plans', exact: true }).click();
    await expectPath(page, '/plans');
  });
});
