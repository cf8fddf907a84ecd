// Issue 5, flow 5: editing the display name.
import { me, registerUser } from '../src/api.js';
import { openApp, signIn } from '../src/app.js';
import { describe, expect, test } from '../src/browser.js';

describe('profile page', () => {
  test("refuses an empty name with 'Name cannot be empty' and keeps a new name after a reload", async ({
    page,
    stack,
    screens,
  }) => {
    const user = await registerUser(stack, { tag: 'profile', name: 'Pat Before' });
    await signIn(page, user, '/profile');
    await openApp(page, '/profile');
    await screens.capture('profile');

    const name = page.getByLabel('Display name', { exact: true });
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await expect.poll(() => name.inputValue()).toBe('Pat Before');
    await name.fill('');
    await save.click();
    await page.getByText('Name cannot be empty', { exact: true }).waitFor();
    await screens.capture('profile-empty-name');

    await name.fill('Pat After');
    await save.click();
    await expect.poll(async () => (await me(stack, user.token)).user.name).toBe('Pat After');
    await page.reload();
    await expect.poll(() => name.inputValue()).toBe('Pat After');
  });
});
