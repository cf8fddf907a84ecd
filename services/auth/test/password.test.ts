import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MESSAGES, PASSWORD_RESET_PATH } from '@oneeta/contracts';
import { FORGOT_ANSWER_MIN_MS } from '../src/routes/password.js';
import { outbox, passwordResets } from '../src/store/schema.js';
import { bearer, newEmail, registerUser, STRONG_PASSWORD } from './factories.js';
import { startAuth, type AuthHarness } from './helpers.js';

const NEW_PASSWORD = 'N3w!password';

let auth: AuthHarness;
beforeAll(async () => {
  auth = await startAuth({ PUBLIC_URL: 'https://oneeta.example/' });
});
afterAll(() => auth.close());

const post = (url: string, payload: object, token?: string) =>
  auth.app.inject({ method: 'POST', url, payload, ...(token ? { headers: bearer(token) } : {}) });
const login = (email: string, password: string) => post('/api/auth/login', { email, password });
const me = (token: string) => auth.app.inject({ url: '/api/auth/me', headers: bearer(token) });
const forgot = (email: string) => post('/api/auth/password/forgot', { email });
const reset = (token: string, password = NEW_PASSWORD) =>
  post('/api/auth/password/reset', { token, password });
const resetRow = async (userId: string) =>
  (
    await auth.database.db.select().from(passwordResets).where(eq(passwordResets.userId, userId))
  )[0];

describe('POST /api/auth/password', () => {
  it('answers 400 for a wrong current password and changes nothing', async () => {
    const { user, token, password } = await registerUser(auth);
    const res = await post(
      '/api/auth/password',
      { currentPassword: 'Wr0ng!pass', password: NEW_PASSWORD },
      token,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: MESSAGES.currentPasswordWrong });
    expect((await me(token)).statusCode).toBe(200);
    expect((await login(user.email, password)).statusCode).toBe(200);
  });

  it('asks for the current password and a strong new one', async () => {
    const { token } = await registerUser(auth);
    const missing = await post('/api/auth/password', { password: NEW_PASSWORD }, token);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toContain(MESSAGES.currentPasswordMissing);
    expect(
      (
        await post(
          '/api/auth/password',
          { currentPassword: STRONG_PASSWORD, password: 'weak' },
          token,
        )
      ).statusCode,
    ).toBe(400);
  });

  it('changes it, answers a fresh token that works, and ends every other sign-in', async () => {
    const { user, token: thisDevice, password } = await registerUser(auth);
    const otherDevice = (await login(user.email, password)).json<{ token: string }>().token;
    const res = await post(
      '/api/auth/password',
      { currentPassword: password, password: NEW_PASSWORD },
      thisDevice,
    );
    expect(res.statusCode).toBe(200);
    const { token: fresh, user: answered } = res.json<{ token: string; user: { id: string } }>();
    expect(answered.id).toBe(user.id);
    expect((await me(fresh)).statusCode).toBe(200);
    expect((await me(thisDevice)).statusCode).toBe(401);
    expect((await me(otherDevice)).statusCode).toBe(401);
    expect((await login(user.email, password)).statusCode).toBe(401);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });
});

describe('forgot and reset', () => {
  it('answers 202 with the same neutral message for a known and an unknown address, never sooner than the floor', async () => {
    const { user } = await registerUser(auth);
    const times: number[] = [];
    const answers = [];
    for (const email of [user.email, newEmail()]) {
      const started = performance.now();
      answers.push(await forgot(email));
      times.push(performance.now() - started);
    }
    for (const res of answers) {
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ message: MESSAGES.passwordResetSent });
    }
    for (const ms of times) expect(ms).toBeGreaterThanOrEqual(FORGOT_ANSWER_MIN_MS - 5);
    // Only the account's address gets an e-mail; the request carries no link or token.
    const [request] = await auth.resetRequests(user.email);
    expect(Object.keys(request!).sort()).toEqual(['email', 'requestId', 'userId']);
  });

  it('sends a PUBLIC_URL/auth/reset link whose token is stored only as a hash, and which works once', async () => {
    const { user, token: oldToken, password } = await registerUser(auth);
    expect((await forgot(user.email.toUpperCase())).statusCode).toBe(202);
    const [request] = await auth.resetRequests(user.email);
    const linkRes = await auth.resetLink(user.id, request!.requestId);
    expect(linkRes.statusCode).toBe(200);
    const link = new URL(linkRes.json<{ link: string }>().link);
    expect(`${link.origin}${link.pathname}`).toBe(`https://oneeta.example${PASSWORD_RESET_PATH}`);
    const token = link.searchParams.get('token')!;
    expect(token.length).toBeGreaterThanOrEqual(40);

    const row = await resetRow(user.id);
    expect(row?.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);
    const outboxRows = await auth.database.db.select().from(outbox);
    expect(JSON.stringify(outboxRows)).not.toContain(token);

    const done = await reset(token);
    expect(done.statusCode).toBe(200);
    expect((await me(done.json<{ token: string }>().token)).statusCode).toBe(200);
    expect((await me(oldToken)).statusCode).toBe(401);
    expect((await login(user.email, password)).statusCode).toBe(401);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);

    const again = await reset(token, 'An0ther!pass');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      error: MESSAGES.passwordResetInvalid,
      code: 'reset_link_invalid',
    });
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses an expired link with 400 and changes nothing', async () => {
    const { user, password } = await registerUser(auth);
    await forgot(user.email);
    const token = await auth.resetTokenFor(user.email);
    await auth.database.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, user.id));
    const res = await reset(token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(MESSAGES.passwordResetInvalid);
    expect((await login(user.email, password)).statusCode).toBe(200);
  });

  it('gives no link for a request older than 30 minutes, a replaced request, or an address that changed', async () => {
    const { user, token } = await registerUser(auth);
    await forgot(user.email);
    const [first] = await auth.resetRequests(user.email);
    await auth.database.db
      .update(passwordResets)
      .set({ requestedAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(passwordResets.userId, user.id));
    expect((await auth.resetLink(user.id, first!.requestId)).statusCode).toBe(409);

    await forgot(user.email);
    const [second] = await auth.resetRequests(user.email);
    expect(second!.requestId).not.toBe(first!.requestId);
    expect((await auth.resetLink(user.id, first!.requestId)).statusCode).toBe(409);

    const patched = await auth.app.inject({
      method: 'PATCH',
      url: '/api/auth/me',
      headers: bearer(token),
      payload: { email: newEmail(), currentPassword: STRONG_PASSWORD },
    });
    expect(patched.statusCode).toBe(200);
    expect((await auth.resetLink(user.id, second!.requestId)).statusCode).toBe(409);
  });

  it('a link fetched again for the same request replaces the earlier one', async () => {
    const { user } = await registerUser(auth);
    await forgot(user.email);
    const earlier = await auth.resetTokenFor(user.email);
    const later = await auth.resetTokenFor(user.email);
    expect((await reset(earlier)).statusCode).toBe(400);
    expect((await reset(later)).statusCode).toBe(200);
  });

  it('refuses a made-up token and a missing one with 400', async () => {
    const res = await reset('not-a-real-token-at-all');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(MESSAGES.passwordResetInvalid);
    const missing = await post('/api/auth/password/reset', { password: NEW_PASSWORD });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toContain(MESSAGES.passwordResetTokenRequired);
  });
});
