import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@oneeta/contracts';
import { startAuth, type AuthHarness } from '@oneeta/auth/testing';
import {
  saveSession,
  sessionBody,
  startSession,
  type SessionHarness,
} from '@oneeta/session/testing';
import { startBilling, type BillingHarness } from '../test-support/index.js';

/**
 * The real auth, session and billing services on one bus: a plan bought through billing reaches
 * auth over its internal route, auth publishes user.changed, and the session service's limits
 * follow at once, with the token the user already holds.
 */
let auth: AuthHarness;
let session: SessionHarness;
let h: BillingHarness;

beforeAll(async () => {
  auth = await startAuth();
  await auth.app.listen({ port: 0, host: '127.0.0.1' });
  const authUrl = `http://127.0.0.1:${(auth.app.server.address() as AddressInfo).port}`;
  session = await startSession(
    { AUTH_URL: authUrl },
    { prefix: auth.prefix, jwks: auth.keys.jwks },
  );
  h = await startBilling({ auth: { harness: auth, url: authUrl } });
});
afterAll(async () => {
  await h.close();
  await session.close();
  await auth.close();
});

describe('a plan bought through billing', () => {
  it('lets a free user who upgrades create a second open session at once, and a downgrade takes it away again', async () => {
    const { token, user } = await h.signUp();
    expect((await saveSession(session, token, sessionBody())).statusCode).toBe(201);
    const refused = await saveSession(session, token, sessionBody());
    expect(refused.json()).toMatchObject({ error: MESSAGES.sessionLimitReached });

    const opened = await h.call('POST', '/api/billing/create-checkout-session', token, {
      plan: 'standard',
    });
    const id = opened.json<{ url: string }>().url.split('/').at(-1)!;
    expect((await h.call('POST', `/api/billing/checkout/${id}/pay`, token)).statusCode).toBe(200);
    expect(await h.planOf(user.id)).toBe('standard');

    // The same token, issued while the account was free: the session service reads the plan now.
    await expect
      .poll(async () => (await saveSession(session, token, sessionBody())).statusCode, {
        timeout: 5000,
      })
      .toBe(201);

    expect((await h.downgradeToFree(token)).statusCode).toBe(200);
    await expect
      .poll(async () => (await h.store.liveSubscriptions(user.id)).length, { timeout: 10_000 })
      .toBe(0);
    await expect
      .poll(async () => (await saveSession(session, token, sessionBody())).json(), {
        timeout: 5000,
      })
      .toMatchObject({ error: MESSAGES.sessionLimitReached });
  });
});
