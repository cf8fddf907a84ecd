// The account screens lay out at 390 and 1280 px with no serious axe finding, and reflow at 320 px
// (src/reflow.ts): the profile's
// password, sign-in, data and deletion sections, /auth's 'Forgot password?' form, the page a reset
// link opens (and the one a link without its token opens), and the privacy page's deletion section.
import { MESSAGES } from '@oneeta/contracts';
import type { Page } from 'playwright-core';
import { registerUser } from '../src/api.js';
import { openApp, signIn } from '../src/app.js';
import { describe, expect, test } from '../src/browser.js';
import { expectReflow, REFLOW } from '../src/reflow.js';

/** Nothing on the page is wider than the viewport (no sideways scrolling). */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `sideways scroll at ${width} px`).toBeLessThanOrEqual(0);
  }
}

/** The page at 320 CSS px reflows (nothing past the viewport or its box); back to 1280 px after. */
async function expectReflowAt320(page: Page, dir: string, name: string): Promise<void> {
  await page.setViewportSize(REFLOW);
  await expectReflow(page, dir, name);
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe('account screens', () => {
  test('the profile shows the password, sign-in, data and danger-zone sections', async ({
    page,
    stack,
    screens,
  }) => {
    const user = await registerUser(stack, { tag: 'screens', name: 'Sasha Screens' });
    await signIn(page, user, '/profile');
    await openApp(page, '/profile');
    const password = page.getByRole('form', { name: 'Password' });
    await password.getByLabel('Current password', { exact: true }).waitFor();
    await password.getByLabel('New password', { exact: true }).fill('abc');
    await password.getByLabel('Confirm new password', { exact: true }).fill('abd');
    await password.getByText(MESSAGES.passwordsDoNotMatch, { exact: true }).waitFor();
    expect(
      await password.getByRole('button', { name: 'Change password', exact: true }).isDisabled(),
    ).toBe(true);
    await page.getByRole('heading', { name: 'Where you are signed in', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Sign out everywhere', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Download my data', exact: true }).waitFor();
    const danger = page.getByRole('region', { name: 'Delete account' });
    await danger.getByText('Deleting your account cannot be undone.', { exact: false }).waitFor();
    expect(
      await danger.getByRole('button', { name: 'Delete my account', exact: true }).isDisabled(),
      'no deletion without the password',
    ).toBe(true);
    await screens.capture('profile-account');
    await expectNoSidewaysScroll(page);
    await expectReflowAt320(page, screens.dir, 'profile-account');
  });

  test("/auth has 'Forgot password?', which opens the form that asks for a link", async ({
    page,
    screens,
  }) => {
    await openApp(page, '/auth?mode=login');
    await page.getByRole('link', { name: 'Forgot password?', exact: true }).waitFor();
    await screens.capture('login-forgot-link');
    await page.getByRole('link', { name: 'Forgot password?', exact: true }).click();
    await page.getByRole('heading', { name: 'Forgot your password?', exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.get('mode')).toBe('forgot');
    const form = page.locator('form');
    await form.getByLabel('Email', { exact: true }).fill('someone@example.com');
    expect(await form.getByRole('button', { name: 'Send link', exact: true }).isEnabled()).toBe(
      true,
    );
    await screens.capture('forgot');
    await expectNoSidewaysScroll(page);
    await expectReflowAt320(page, screens.dir, 'forgot');
    await page.getByRole('link', { name: 'Back to sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'Sign in', exact: true }).waitFor();
  });

  test('/auth/reset asks for the new password twice; without a token it offers a new link', async ({
    page,
    screens,
  }) => {
    await openApp(page, '/auth/reset?token=not-a-real-token');
    await page.getByRole('heading', { name: 'Choose a new password', exact: true }).waitFor();
    const form = page.locator('form');
    await form.getByLabel('New password', { exact: true }).fill('Str0ng!pass');
    await form.getByLabel('Confirm new password', { exact: true }).fill('Str0ng!pass');
    expect(
      await form.getByRole('button', { name: 'Save and sign in', exact: true }).isEnabled(),
    ).toBe(true);
    await screens.capture('reset');
    await expectNoSidewaysScroll(page);
    await expectReflowAt320(page, screens.dir, 'reset');

    await openApp(page, '/auth/reset');
    await page.getByRole('heading', { name: 'This link does not work', exact: true }).waitFor();
    await page.getByText(MESSAGES.passwordResetInvalid, { exact: true }).waitFor();
    await screens.capture('reset-no-token');
    await page.getByRole('link', { name: 'Ask for a new link', exact: true }).click();
    await page.getByRole('heading', { name: 'Forgot your password?', exact: true }).waitFor();
  });

  test('the privacy page says what deleting an account does and how to download the data', async ({
    page,
    screens,
  }) => {
    await openApp(page, '/privacy#delete-and-export');
    const section = page.locator('section#delete-and-export');
    await section
      .getByRole('heading', { name: 'Deleting your account and getting a copy of your data' })
      .waitFor();
    const text = (await section.textContent()) ?? '';
    for (const words of [
      'Download my data',
      'oneeta-data.json',
      'ends every sign-in',
      'hands each session you own to another participant',
      'positions, your chat messages, your registered push devices',
      'e-mails still waiting to be sent',
      'anonymised',
    ])
      expect(text).toContain(words);
    await screens.capture('privacy-deletion', { fullPage: false });
  });
});
