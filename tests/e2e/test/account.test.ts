// Accounts a person controls, in the browser: choosing a new password by the e-mailed link, signing
// out here and everywhere (another device's page ends up signed out), changing the password, and
// deleting the account after downloading its data.
import { readFileSync } from 'node:fs';
import { MESSAGES, PASSWORD_RESET_PATH } from '@oneeta/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { vi } from 'vitest';
import {
  createSession,
  emailsTo,
  login,
  registerUser,
  request,
  STRONG_PASSWORD,
  uniqueEmail,
} from '../src/api.js';
import { expectPath, openApp, signIn } from '../src/app.js';
import { DESKTOP, describe, expect, sharedBrowser, test } from '../src/browser.js';
import type { StackInfo } from '../src/stack.js';

const NEW_PASSWORD = 'N3w!password';
/** Revocation reaches every service within 5 s (the bound). */
const REVOKED_WITHIN = { timeout: 5_000, interval: 200 };

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('oneeta:token'));

/** 401 from the gateway for `token` on auth's and the session service's calls, within 5 s. */
async function expectRevoked(stack: StackInfo, token: string): Promise<void> {
  await vi.waitFor(async () => {
    for (const path of ['/api/auth/me', '/api/sessions/limits']) {
      const answer = await request(`${stack.base}${path}`, { token });
      if (answer.status !== 401) throw new Error(`${path} answered ${answer.status}`);
    }
  }, REVOKED_WITHIN);
}

/** The path and query of the newest password-reset link the outbox holds for `email`. */
async function resetLinkFor(stack: StackInfo, email: string): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s/]+(${PASSWORD_RESET_PATH}\\?token=[^\\s"'<>]+)`);
  return vi.waitFor(
    async () => {
      const link = (await emailsTo(stack, email))
        .map((message) => pattern.exec(message.text)?.[1])
        .find(Boolean);
      if (!link) throw new Error(`No password-reset link was sent to ${email}`);
      return link;
    },
    { timeout: 20_000, interval: 200 },
  );
}

/** Another device: its own browser context (own storage), signed in as `user` on `path`. */
async function otherDevice(
  stack: StackInfo,
  user: { email: string; password: string },
  path: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await (
    await sharedBrowser()
  ).newContext({ baseURL: stack.base, viewport: DESKTOP, locale: 'en-US' });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  await signIn(page, user, path);
  return { context, page };
}

describe('account control', () => {
  test('forgot password: the neutral answer, the e-mailed link sets a new password and signs in, and works once', async ({
    page,
    stack,
    screens,
  }) => {
    const user = await registerUser(stack, { tag: 'reset', name: 'Riley Reset' });
    const other = await otherDevice(stack, user, '/profile');
    try {
      await openApp(page, '/auth?mode=login');
      await page.getByRole('link', { name: 'Forgot password?', exact: true }).click();
      const form = page.locator('form');
      await form.getByLabel('Email', { exact: true }).fill(user.email);
      await form.getByRole('button', { name: 'Send link', exact: true }).click();
      await page.getByRole('status').filter({ hasText: MESSAGES.passwordResetSent }).waitFor();
      await screens.capture('forgot-sent');

      // An address without an account gets the very same answer, and no e-mail.
      const stranger = uniqueEmail('nobody');
      const neutral = await request<{ message: string }>(`${stack.base}/api/auth/password/forgot`, {
        method: 'POST',
        body: { email: stranger },
      });
      expect(neutral).toEqual({ status: 202, body: { message: MESSAGES.passwordResetSent } });

      const link = await resetLinkFor(stack, user.email);
      await openApp(page, link);
      await page.getByRole('heading', { name: 'Choose a new password', exact: true }).waitFor();
      const reset = page.locator('form');
      await reset.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
      await reset.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
      await reset.getByRole('button', { name: 'Save and sign in', exact: true }).click();
      await expectPath(page, '/sessions');
      expect(await storedToken(page), 'the reset signs in').toMatch(/^eyJ/);

      expect((await login(stack, user.email, NEW_PASSWORD)).user.id).toBe(user.user.id);
      const old = await request(`${stack.base}/api/auth/login`, {
        method: 'POST',
        body: { email: user.email, password: STRONG_PASSWORD },
      });
      expect(old.status, 'the old password no longer works').toBe(401);
      await expectRevoked(stack, user.token);
      expect(await emailsTo(stack, stranger)).toEqual([]);

      // The other device's sign-in ended: its next call leaves it signed out.
      await other.page.getByRole('button', { name: 'Download my data', exact: true }).click();
      await other.page.getByRole('heading', { name: 'Your profile', exact: true }).waitFor();
      expect(await storedToken(other.page)).toBeNull();

      // The link works once.
      await openApp(page, link);
      await reset.getByLabel('New password', { exact: true }).fill('An0ther!password');
      await reset.getByLabel('Confirm new password', { exact: true }).fill('An0ther!password');
      await reset.getByRole('button', { name: 'Save and sign in', exact: true }).click();
      await page.getByText(MESSAGES.passwordResetInvalid, { exact: true }).waitFor();
      await screens.capture('reset-used-link');
      await page.getByRole('link', { name: 'Ask for a new link', exact: true }).click();
      await page.getByRole('heading', { name: 'Forgot your password?', exact: true }).waitFor();
    } finally {
      await other.context.close();
    }
  });

  test('sign out ends this token; sign out everywhere signs out another signed-in device', async ({
    page,
    stack,
  }) => {
    const user = await registerUser(stack, { tag: 'everywhere', name: 'Eve Everywhere' });

    // Sign out on this device: the token stops working on the server too.
    await signIn(page, user, '/profile');
    await openApp(page, '/profile');
    const first = (await storedToken(page))!;
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expectPath(page, '/');
    expect(await storedToken(page)).toBeNull();
    await expectRevoked(stack, first);

    // Two devices signed in; the first signs out everywhere.
    await signIn(page, user, '/profile');
    const other = await otherDevice(stack, user, '/sessions');
    try {
      const otherToken = (await storedToken(other.page))!;
      await openApp(page, '/profile');
      page.once('dialog', (dialog) => void dialog.accept());
      await page.getByRole('button', { name: 'Sign out everywhere', exact: true }).click();
      await expectPath(page, '/auth');
      await page.getByText(MESSAGES.signedOutEverywhere, { exact: true }).waitFor();
      expect(await storedToken(page)).toBeNull();
      await expectRevoked(stack, otherToken);

      // The other device, without reloading: its next call finds the token ended and signs it out.
      // That call is opening the profile (it asks for the notification settings) or, if it comes
      // first, the header's inbox poll; either way the header ends up offering 'Sign in'.
      const header = other.page.locator('.site-header');
      const you = header.getByRole('link', { name: 'You', exact: true });
      const signInLink = header.getByRole('link', { name: 'Sign in', exact: true });
      await you.or(signInLink).first().waitFor();
      if (await you.isVisible()) await you.click({ timeout: 2_000 }).catch(() => undefined);
      await signInLink.waitFor();
      expect(await storedToken(other.page)).toBeNull();
      await other.page.goto('/profile');
      await other.page.getByRole('heading', { name: 'Your profile', exact: true }).waitFor();
    } finally {
      await other.context.close();
    }
  });

  test('change password keeps this device signed in and signs the other one out', async ({
    page,
    stack,
  }) => {
    const user = await registerUser(stack, { tag: 'change', name: 'Cam Change' });
    await signIn(page, user, '/profile');
    const other = await otherDevice(stack, user, '/profile');
    try {
      await openApp(page, '/profile');
      const form = page.getByRole('form', { name: 'Password' });
      await form.getByLabel('Current password', { exact: true }).fill('Wr0ng!password');
      await form.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
      await form.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
      await form.getByRole('button', { name: 'Change password', exact: true }).click();
      await form.getByRole('alert').filter({ hasText: MESSAGES.currentPasswordWrong }).waitFor();
      expect((await login(stack, user.email)).user.id, 'nothing changed').toBe(user.user.id);

      const before = await storedToken(page);
      await form.getByLabel('Current password', { exact: true }).fill(STRONG_PASSWORD);
      await form.getByRole('button', { name: 'Change password', exact: true }).click();
      await page.getByText(MESSAGES.passwordChanged, { exact: true }).waitFor();
      await expect.poll(() => storedToken(page)).not.toBe(before);
      const after = (await storedToken(page))!;
      expect((await request(`${stack.base}/api/auth/me`, { token: after })).status).toBe(200);
      await expectRevoked(stack, before!);

      await other.page.getByRole('button', { name: 'Download my data', exact: true }).click();
      await other.page.getByRole('heading', { name: 'Your profile', exact: true }).waitFor();
      expect(await storedToken(other.page)).toBeNull();
      await page.reload();
      await page.getByRole('form', { name: 'Password' }).waitFor();
    } finally {
      await other.context.close();
    }
  });

  test('download my data saves oneeta-data.json; delete account needs the password and signs out at /', async ({
    page,
    stack,
    screens,
  }) => {
    const user = await registerUser(stack, { tag: 'delete', name: 'Dana Delete' });
    await createSession(stack, user.token, { name: 'Dana’s picnic' });
    await signIn(page, user, '/profile');
    await openApp(page, '/profile');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my data', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('oneeta-data.json');
    const saved = readFileSync((await download.path())!, 'utf8');
    expect(saved).toContain(user.email);
    // Every service's part is in the file: the session the account created is there too.
    expect(saved).toContain('Dana’s picnic');
    expect(() => JSON.parse(saved) as unknown).not.toThrow();

    const danger = page.getByRole('region', { name: 'Delete account' });
    const password = danger.getByLabel('Your password', { exact: true });
    const remove = danger.getByRole('button', { name: 'Delete my account', exact: true });
    await password.fill('Wr0ng!password');
    page.once('dialog', (dialog) => void dialog.accept());
    await remove.click();
    await danger.getByRole('alert').waitFor();
    expect((await request(`${stack.base}/api/auth/me`, { token: user.token })).status).toBe(200);
    await screens.capture('delete-wrong-password');

    await password.fill(user.password);
    page.once('dialog', (dialog) => void dialog.dismiss());
    await remove.click();
    expect(await storedToken(page), 'cancelling the confirmation deletes nothing').toMatch(/^eyJ/);
    expect((await request(`${stack.base}/api/auth/me`, { token: user.token })).status).toBe(200);

    page.once('dialog', (dialog) => void dialog.accept());
    await remove.click();
    await expectPath(page, '/');
    await page.getByText(MESSAGES.accountDeleted, { exact: true }).waitFor();
    expect(await storedToken(page)).toBeNull();
    await page.getByRole('link', { name: 'Sign In', exact: true }).waitFor();
    await expectRevoked(stack, user.token);
    const again = await request(`${stack.base}/api/auth/login`, {
      method: 'POST',
      body: { email: user.email, password: user.password },
    });
    expect(again.status, 'the account is gone').toBe(401);
  });
});
