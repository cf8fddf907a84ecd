import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { MESSAGES, sessionResponseSchema, type AuthResponse } from '@oneeta/contracts';
import {
  bearer as authBearer,
  registerUser,
  startAuth,
  STRONG_PASSWORD,
  users,
  type AuthHarness,
} from '@oneeta/auth/testing';
import { createSession, getSession, saveSession, sessionBody } from './factories.js';
import { startSession, type SessionHarness, type TestUser } from './helpers.js';
import { invite } from './membership.js';

/**
 * Limits and rights follow the current account, read from the real auth service (on a miss) and
 * its user.changed events (on the shared bus), never from the token's copy of them.
 */
let auth: AuthHarness;
let h: SessionHarness;

beforeAll(async () => {
  auth = await startAuth();
  await auth.app.listen({ port: 0, host: '127.0.0.1' });
  const authUrl = `http://127.0.0.1:${(auth.app.server.address() as AddressInfo).port}`;
  h = await startSession({ AUTH_URL: authUrl }, { prefix: auth.prefix, jwks: auth.keys.jwks });
});
afterAll(async () => {
  await h.close();
  await auth.close();
});

/** A user registered with the real auth service, holding the token it issued (with its claims of that moment). */
async function account(
  opts: { plan?: 'free' | 'premium'; email?: string; verified?: boolean } = {},
) {
  const registered = await registerUser(auth, opts.email ? { email: opts.email } : {});
  // The e-mail verification link is the auth service's own flow; here its outcome is set directly.
  if (opts.verified)
    await auth.database.db
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(users.id, registered.user.id));
  if (opts.plan && opts.plan !== 'free') await setPlan(registered.user.id, opts.plan);
  return login(registered.user.email, registered.password);
}

async function login(
  email: string,
  password = STRONG_PASSWORD,
): Promise<AuthResponse & { password: string }> {
  const res = await auth.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
  });
  expect(res.statusCode).toBe(200);
  return { ...(res.json() as AuthResponse), password };
}

/** Billing's call: auth changes the plan and publishes user.changed. */
async function setPlan(id: string, plan: string) {
  const res = await auth.app.inject({
    method: 'PUT',
    url: `/internal/users/${id}/plan`,
    headers: { 'x-internal-token': auth.config.INTERNAL_TOKEN! },
    payload: { plan },
  });
  expect(res.statusCode).toBe(200);
}

/** PATCH /api/auth/me with the current password (auth publishes user.changed). */
async function changeEmail(a: AuthResponse & { password: string }, email: string) {
  const res = await auth.app.inject({
    method: 'PATCH',
    url: '/api/auth/me',
    headers: authBearer(a.token),
    payload: { email, currentPassword: a.password },
  });
  expect(res.statusCode).toBe(200);
}

const asTestUser = (a: AuthResponse): TestUser => ({ ...a.user, token: a.token });

describe('the current account, not the token', () => {
  it("refuses a downgraded user's old paid token a second session with the free plan's message", async () => {
    const premium = await account({ plan: 'premium' });
    expect(premium.user.plan).toBe('premium');
    expect((await saveSession(h, premium.token, sessionBody())).statusCode).toBe(201);
    expect((await saveSession(h, premium.token, sessionBody())).statusCode).toBe(201);

    await setPlan(premium.user.id, 'free');
    await expect
      .poll(async () => (await saveSession(h, premium.token, sessionBody())).json(), {
        timeout: 5000,
      })
      .toEqual({ error: MESSAGES.sessionLimitReached, code: 'session_limit' });
  });

  it("reads an account the view has not seen from auth, and refuses with 401 a token whose account auth doesn't know", async () => {
    const premium = await account({ plan: 'premium' });
    // Forget what user.changed told the view: the next request must ask auth.
    await h.redis.del(`${auth.prefix}:account:${premium.user.id}`);
    expect((await saveSession(h, premium.token, sessionBody())).statusCode).toBe(201);
    expect((await saveSession(h, premium.token, sessionBody())).statusCode).toBe(201);

    await auth.database.db.delete(users).where(eq(users.id, premium.user.id));
    await h.redis.del(`${auth.prefix}:account:${premium.user.id}`);
    const res = await saveSession(h, premium.token, sessionBody());
    expect(res.statusCode).toBe(401);
  });

  it('gives an old token of an administrator who lost the right 403 on an admin-guarded route', async () => {
    const admin = await account({ email: auth.config.ADMIN_EMAIL!, verified: true });
    expect(admin.user.isAdmin).toBe(true);
    const owner = asTestUser(await account());
    const { sessionId } = await createSession(h, owner);
    const reopen = () =>
      h.app.inject({
        method: 'POST',
        url: `/api/admin/sessions/${sessionId}/reopen`,
        headers: authBearer(admin.token),
      });
    expect((await reopen()).statusCode).toBe(200);

    await changeEmail(admin, 'no-longer-boss@example.test');
    await expect.poll(async () => (await reopen()).statusCode, { timeout: 5000 }).toBe(403);
  });

  it("stops matching invites by the old token's e-mail once the e-mail changed", async () => {
    const owner = asTestUser(await account());
    const invitee = await account({ verified: true });
    const { sessionId } = await createSession(h, owner);
    await invite(h, owner, sessionId, invitee.user.email);
    const read = await getSession(h, sessionId, invitee.token);
    expect(read.statusCode).toBe(200);
    expect(sessionResponseSchema.parse(read.json()).session.viewerRole).toBe('invitee');

    await changeEmail(invitee, `moved-${invitee.user.email}`);
    await expect
      .poll(async () => (await getSession(h, sessionId, invitee.token)).statusCode, {
        timeout: 5000,
      })
      .toBe(403);
  });
});
