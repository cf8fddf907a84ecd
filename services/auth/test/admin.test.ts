import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerUser } from './factories.js';
import { startAuth, type AuthHarness } from './helpers.js';

let auth: AuthHarness;
beforeAll(async () => {
  auth = await startAuth({ ADMIN_EMAIL: 'root@oneeta.test' });
});
afterAll(() => auth.close());

const users = (token?: string, query = '') =>
  auth.app.inject({
    method: 'GET',
    url: `/api/admin/users${query}`,
    headers: token ? bearer(token) : {},
  });

describe('GET /api/admin/users', () => {
  it('lists the accounts, newest first, to the verified administrator only', async () => {
    const admin = await registerUser(auth, { email: 'root@oneeta.test', name: 'Root' });
    const ann = await registerUser(auth, { name: 'Ann' });
    expect((await users()).statusCode).toBe(401);
    expect((await users(ann.token)).statusCode).toBe(403);
    // Not an administrator until the address is verified.
    expect((await users(admin.token)).statusCode).toBe(403);
    const verified = await auth.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token: await auth.verifyTokenFor('root@oneeta.test') },
    });
    expect(verified.statusCode).toBe(200);

    const res = await users(admin.token, '?limit=200');
    expect(res.statusCode).toBe(200);
    const { items } = res.json() as { items: { id: string; email: string; isAdmin: boolean }[] };
    expect(items.slice(0, 2)).toEqual([
      {
        id: ann.user.id,
        email: ann.user.email,
        name: 'Ann',
        plan: 'free',
        createdAt: ann.user.createdAt,
        isAdmin: false,
        disabled: false,
      },
      {
        id: admin.user.id,
        email: 'root@oneeta.test',
        name: 'Root',
        plan: 'free',
        createdAt: admin.user.createdAt,
        isAdmin: true,
        disabled: false,
      },
    ]);
    expect(JSON.stringify(items)).not.toMatch(/password/i);
    expect((await users(admin.token, '?limit=1')).json().items).toHaveLength(1);
    expect((await users(admin.token, '?limit=201')).statusCode).toBe(400);
  });
});
