// Issue 5, flows 1 and 2: registering (password rules, confirmation), signing out, and signing in
// with `next`.
import type { Locator } from 'playwright-core';
import { registerUser, STRONG_PASSWORD, uniqueEmail } from '../src/api.js';
import { expectPath, openApp, signIn } from '../src/app.js';
import { describe, expect, test } from '../src/browser.js';

const RULES = {
  length: 'Password must be at least 8 characters',
  uppercase: 'Password must contain an uppercase letter',
  lowercase: 'Password must contain a lowercase letter',
  number: 'Password must contain a number',
  symbol: 'Password must contain a symbol',
} as const;
type Rule = keyof typeof RULES;

/** The rules the checklist marks as not met, by the visually hidden ': not met' after each. */
async function unmetRules(rules: Locator): Promise<Rule[]> {
  const unmet: Rule[] = [];
  for (const [rule, message] of Object.entries(RULES) as [Rule, string][]) {
    const item = rules.getByRole('listitem').filter({ hasText: message });
    await item.waitFor();
    if ((await item.textContent())?.includes('not met')) unmet.push(rule);
  }
  return unmet;
}

describe('auth page', () => {
  test("register names every broken password rule, says 'Passwords do not match' on a mismatch, and a strong password lands on the next target", async ({
    page,
    screens,
  }) => {
    await openApp(page, '/auth?mode=register&next=/profile');
    await page.getByRole('heading', { name: 'Create your account', exact: true }).waitFor();
    const form = page.locator('form');
    const password = form.getByLabel('Password', { exact: true });
    const confirm = form.getByLabel('Confirm password', { exact: true });
    const submit = form.getByRole('button', { name: 'Create account', exact: true });
    const rules = form.getByRole('list', { name: 'Password requirements' });
    const mismatch = form.getByText('Passwords do not match', { exact: true });
    await screens.capture('register-empty');

    await form.getByLabel('Email', { exact: true }).fill(uniqueEmail('register'));
    await form.getByLabel('Name (optional)', { exact: true }).fill('Reggie Register');
    await password.fill('abc');
    expect(await unmetRules(rules)).toEqual(['length', 'uppercase', 'number', 'symbol']);
    await password.fill('ABCDEFGHIJ');
    expect(await unmetRules(rules)).toEqual(['lowercase', 'number', 'symbol']);
    await password.fill('Abcdefgh1');
    expect(await unmetRules(rules)).toEqual(['symbol']);
    await confirm.fill('Abcdefgh1');
    expect(await submit.isDisabled(), 'a weak password cannot be sent').toBe(true);
    await screens.capture('register-weak-password');

    await password.fill(STRONG_PASSWORD);
    expect(await unmetRules(rules)).toEqual([]);
    await confirm.fill(`${STRONG_PASSWORD}x`);
    await mismatch.waitFor();
    expect(await submit.isDisabled(), 'a mismatched confirmation cannot be sent').toBe(true);
    await screens.capture('register-mismatch');

    await confirm.fill(STRONG_PASSWORD);
    await mismatch.waitFor({ state: 'detached' });
    await submit.click();
    await expectPath(page, '/profile');
  });

  test('sign out clears the token and returns to /, and /auth?mode=login&next=/profile lands on /profile', async ({
    page,
    stack,
    screens,
  }) => {
    const user = await registerUser(stack, { tag: 'signout', name: 'Sam Signout' });
    await signIn(page, user);
    await openApp(page, '/');
    const token = () => page.evaluate(() => localStorage.getItem('oneeta:token'));
    expect(await token(), 'a signed-in browser keeps its token').toMatch(/^eyJ/);

    await page.getByRole('button', { name: 'Sam Signout', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Sign out', exact: true }).click();
    await expectPath(page, '/');
    await page.getByRole('link', { name: 'Sign In', exact: true }).waitFor();
    expect(await token(), 'signing out drops the token').toBeNull();
    await page.reload();
    await page.getByRole('link', { name: 'Get Started Free', exact: true }).waitFor();

    await openApp(page, '/auth?mode=login&next=/profile');
    await page.getByRole('heading', { name: 'Sign in', exact: true }).waitFor();
    await screens.capture('login');
    await signIn(page, user, '/profile');
    await expectPath(page, '/profile');
  });

  test("a wrong password is refused with the server's message and stays on /auth", async ({
    page,
    stack,
  }) => {
    const user = await registerUser(stack, { tag: 'wrongpw' });
    await openApp(page, '/auth?mode=login');
    const form = page.locator('form');
    await form.getByLabel('Email', { exact: true }).fill(user.email);
    await form.getByLabel('Password', { exact: true }).fill('Wr0ng!password');
    await form.getByRole('button', { name: 'Sign in', exact: true }).click();
    await form.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();
    await expectPath(page, '/auth');
  });
});
