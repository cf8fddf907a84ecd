import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, TOPICS, type UserDeletedData } from '@oneeta/contracts';
import type { App } from '@oneeta/service-kit';
import { bearer, registerUser } from './factories.js';
import { startAuthWithOtherService, type AuthHarness } from './helpers.js';

let auth: AuthHarness;
/** Another service, reading the account view auth shares with every service. */
let other: App;
let stack: Awaited<ReturnType<typeof startAuthWithOtherService>>;
beforeAll(async () => {
  stack = await startAuthWithOtherService();
  ({ auth, other } = stack);
});
afterAll(() => stack.close());

const deleteMe = (token: string, payload: object) =>
  auth.app.inject({ method: 'DELETE', url: '/api/auth/me', headers: bearer(token), payload });
const login = (email: string, password: string) =>
  auth.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

describe('DELETE /api/auth/me', () => {
  it('needs the right password: a wrong or missing one answers 400 and deletes nothing', async () => {
    const { user, token, password } = await registerUser(auth);
    const wrong = await deleteMe(token, { password: 'Wr0ng!pass' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: MESSAGES.currentPasswordWrong });
    const missing = await deleteMe(token, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toContain(MESSAGES.currentPasswordMissing);
    expect((await login(user.email, password)).statusCode).toBe(200);
  });

  it('deletes the account, stops its tokens at once in every service, and publishes user.deleted', async () => {
    const { user, token, password } = await registerUser(auth);
    expect((await other.inject({ url: '/whoami', headers: bearer(token) })).statusCode).toBe(200);

    expect((await deleteMe(token, { password })).statusCode).toBe(204);

    expect(
      (await auth.app.inject({ url: '/api/auth/me', headers: bearer(token) })).statusCode,
    ).toBe(401);
    expect((await other.inject({ url: '/whoami', headers: bearer(token) })).statusCode).toBe(401);
    expect((await login(user.email, password)).statusCode).toBe(401);
    const [event] = (await auth.outboxEvents<UserDeletedData>(TOPICS.userDeleted)).filter(
      (data) => data.userId === user.id,
    );
    expect(event).toMatchObject({ userId: user.id, email: user.email });
    // The address is free again.
    expect((await registerUser(auth, { email: user.email })).user.id).not.toBe(user.id);
  });
});
