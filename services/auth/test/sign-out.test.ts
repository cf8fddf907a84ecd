import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, TOPICS, type UserChangedData } from '@oneeta/contracts';
import { accountKey, type App } from '@oneeta/service-kit';
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

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  auth.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const me = (token: string) => call('GET', '/api/auth/me', token);
const elsewhere = (token: string) => other.inject({ url: '/whoami', headers: bearer(token) });
const login = async (email: string, password: string) => {
  const res = await auth.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ token: string }>().token;
};

describe('POST /api/auth/logout', () => {
  it("ends this device's token (and the tokens it refreshed) in auth and in other services, and no other device's", async () => {
    const { user, password, token: laptop } = await registerUser(auth);
    const phone = await login(user.email, password);
    // Another service has the account in its view before the sign-out.
    expect((await elsewhere(laptop)).statusCode).toBe(200);
    const refreshed = (await call('POST', '/api/auth/refresh', laptop)).json<{ token: string }>()
      .token;

    expect((await call('POST', '/api/auth/logout', refreshed)).statusCode).toBe(204);

    for (const token of [laptop, refreshed]) {
      const res = await me(token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: MESSAGES.sessionExpired });
      expect((await elsewhere(token)).statusCode).toBe(401);
      // A revoked token cannot mint a new one.
      expect((await call('POST', '/api/auth/refresh', token)).statusCode).toBe(401);
    }
    expect((await me(phone)).statusCode).toBe(200);
    expect((await elsewhere(phone)).statusCode).toBe(200);
  });

  it('publishes the new token state on user.changed, so views kept by events refuse the token too', async () => {
    const { user, token } = await registerUser(auth);
    expect((await call('POST', '/api/auth/logout', token)).statusCode).toBe(204);
    const [event] = (await auth.outboxEvents<UserChangedData>(TOPICS.userChanged)).filter(
      (data) => data.userId === user.id,
    );
    expect(event?.changed).toEqual(['tokens']);
    expect(event?.tokens?.revokedSessions).toHaveLength(1);
  });
});

describe('sign-ins', () => {
  it('a token answered by a profile change belongs to the same sign-in: signing out with it ends the first one too', async () => {
    const { token } = await registerUser(auth);
    const patched = await auth.app.inject({
      method: 'PATCH',
      url: '/api/auth/me',
      headers: bearer(token),
      payload: { name: 'Renamed' },
    });
    expect(patched.statusCode).toBe(200);
    const renamed = patched.json<{ token: string }>().token;
    expect((await call('POST', '/api/auth/logout', renamed)).statusCode).toBe(204);
    expect((await me(token)).statusCode).toBe(401);
  });
});

describe('POST /api/auth/logout-all', () => {
  it('ends every token of the account, this one too, everywhere; signing in again works', async () => {
    const { user, password, token: first } = await registerUser(auth);
    const second = await login(user.email, password);
    // The other service learns the account from auth on a miss (its internal route carries the token state).
    await auth.redis.del(accountKey(auth.prefix, user.id));
    expect((await elsewhere(second)).statusCode).toBe(200);

    expect((await call('POST', '/api/auth/logout-all', second)).statusCode).toBe(204);

    for (const token of [first, second]) {
      expect((await me(token)).statusCode).toBe(401);
      expect((await elsewhere(token)).statusCode).toBe(401);
      expect((await call('POST', '/api/auth/refresh', token)).statusCode).toBe(401);
    }
    const fresh = await login(user.email, password);
    expect((await me(fresh)).statusCode).toBe(200);
    expect((await elsewhere(fresh)).statusCode).toBe(200);
  });

  it('refuses a revoked token even when the view is cold (auth answers the miss with the token state)', async () => {
    const { user, token } = await registerUser(auth);
    expect((await call('POST', '/api/auth/logout-all', token)).statusCode).toBe(204);
    await auth.redis.del(accountKey(auth.prefix, user.id));
    expect((await elsewhere(token)).statusCode).toBe(401);
  });

  it('answers 401 without a token', async () => {
    expect(
      (await auth.app.inject({ method: 'POST', url: '/api/auth/logout-all' })).statusCode,
    ).toBe(401);
    expect((await auth.app.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(
      401,
    );
  });
});
