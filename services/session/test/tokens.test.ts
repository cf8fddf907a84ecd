import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountKey } from '@oneeta/service-kit';
import { saveSession, sessionBody } from './factories.js';
import { startSession, type SessionHarness } from './helpers.js';

/** Tokens say who calls, and only for a while; the account says what they may do. */
let h: SessionHarness;
beforeAll(async () => {
  h = await startSession();
});
afterAll(() => h.close());

describe('access tokens on session routes', () => {
  it('refuses a correctly signed token without exp with 401', async () => {
    const u = await h.user({ plan: 'premium' });
    const forever = await h.issuer.signClaims(
      { email: u.email, name: u.name, plan: u.plan, isAdmin: false },
      { sub: u.id, expiresIn: null },
    );
    const res = await saveSession(h, forever, sessionBody());
    expect(res.statusCode).toBe(401);
    expect((await saveSession(h, u.token, sessionBody())).statusCode).toBe(201);
  });

  it("answers 503 with Retry-After when the account is unknown to the view and auth is down, never trusting the token's plan", async () => {
    const u = await h.user({ plan: 'premium' });
    await h.redis.del(accountKey(h.prefix, u.id));
    const res = await saveSession(h, u.token, sessionBody());
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBeDefined();
  });
});
