import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { TOPICS, type EventEnvelope, type UserChangedData } from '@oneeta/contracts';
import { streamKey } from '@oneeta/service-kit';
import { bearer, newEmail, registerUser } from './factories.js';
import { startAuth, type AuthHarness } from './helpers.js';

let auth: AuthHarness;
beforeAll(async () => {
  auth = await startAuth({
    PUBLIC_URL: 'https://eta.example.test/',
    VERIFY_EMAIL_MAX_PER_HOUR: '2',
  });
});
afterAll(() => auth.close());

const call = (method: 'GET' | 'PATCH' | 'POST', url: string, token?: string, payload?: object) =>
  auth.app.inject({ method, url, payload, headers: token ? bearer(token) : {} });
const verifyEmail = (token: string, accessToken?: string) =>
  call('POST', '/api/auth/verify-email', accessToken, { token });

async function userChanged(userId: string): Promise<UserChangedData[]> {
  await auth.drained(); // user.changed goes out through the outbox relay, after the commit
  const entries = await auth.redis.xrange(streamKey(auth.prefix, TOPICS.userChanged), '-', '+');
  return entries
    .map(([, fields]) => (JSON.parse(fields[1]!) as EventEnvelope<UserChangedData>).data)
    .filter((data) => data.userId === userId);
}

describe('the verification e-mail', () => {
  it('is asked for on register (email.verification_requested, no link in it) and published through the outbox', async () => {
    const { user } = await registerUser(auth);
    expect(user.emailVerified).toBe(false);
    expect(await auth.verificationRequests(user.email)).toEqual([
      { userId: user.id, email: user.email, reason: 'registered' },
    ]);
    await auth.drained();
    const entries = await auth.redis.xrange(
      streamKey(auth.prefix, TOPICS.emailVerificationRequested),
      '-',
      '+',
    );
    const published = entries.map(([, fields]) => (JSON.parse(fields[1]!) as EventEnvelope).data);
    expect(published).toContainEqual({ userId: user.id, email: user.email, reason: 'registered' });
    expect(JSON.stringify(published)).not.toMatch(/token|https?:/);
  });

  it('gets its PUBLIC_URL/verify-email link, signed for 24 h, from the internal route', async () => {
    const { user } = await registerUser(auth);
    const res = await auth.verificationLink(user.id, user.email);
    expect(res.statusCode).toBe(200);
    const { link, email } = res.json<{ link: string; email: string }>();
    expect(email).toBe(user.email);
    expect(link).toMatch(/^https:\/\/eta\.example\.test\/verify-email\?token=/);
    const claims = decodeJwt(new URL(link).searchParams.get('token')!);
    expect(claims).toMatchObject({
      sub: user.id,
      email: user.email,
      purpose: 'verify-email',
      aud: 'oneeta-verify-email',
    });
    expect(claims.exp! - claims.iat!).toBe(24 * 3600);
  });

  it('the internal route gives no link once verified, for an old address, an unknown user, or without the internal token', async () => {
    const { user, token, password } = await registerUser(auth);
    expect((await auth.verificationLink('no-such-user', user.email)).statusCode).toBe(404);
    const outsider = await auth.app.inject({
      method: 'GET',
      url: `/internal/users/${user.id}/verification-link?email=${encodeURIComponent(user.email)}`,
    });
    expect(outsider.statusCode).toBe(403);
    expect((await auth.verificationLink(user.id, 'not-an-address')).statusCode).toBe(400);
    const fresh = newEmail();
    expect(
      (await call('PATCH', '/api/auth/me', token, { email: fresh, currentPassword: password }))
        .statusCode,
    ).toBe(200);
    expect((await auth.verificationLink(user.id, user.email)).statusCode).toBe(409);
    expect((await verifyEmail(await auth.verifyTokenFor(fresh))).statusCode).toBe(200);
    expect((await auth.verificationLink(user.id, fresh)).statusCode).toBe(409);
  });

  it('is not an access token: the API refuses it as a bearer', async () => {
    const { user } = await registerUser(auth);
    const res = await call('GET', '/api/auth/me', await auth.verifyTokenFor(user.email));
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/auth/verify-email', () => {
  it('verifies the address, answers a fresh token to the signed-in owner, and publishes user.changed', async () => {
    const { token, user } = await registerUser(auth);
    const res = await verifyEmail(await auth.verifyTokenFor(user.email), token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      email: user.email,
      emailVerified: true,
      user: { id: user.id, emailVerified: true },
    });
    expect(decodeJwt(body.token).emailVerified).toBe(true);
    expect((await call('GET', '/api/auth/me', token)).json().user.emailVerified).toBe(true);
    expect((await userChanged(user.id)).map((data) => [data.emailVerified, data.changed])).toEqual([
      [true, ['emailVerified']],
    ]);
  });

  it('works signed out (no token or user in the answer) and a second use changes nothing', async () => {
    const { user } = await registerUser(auth);
    const link = await auth.verifyTokenFor(user.email);
    const first = await verifyEmail(link, 'not-a-valid-access-token');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ email: user.email, emailVerified: true });
    const again = await verifyEmail(link);
    expect(again.statusCode).toBe(200);
    expect(await userChanged(user.id)).toHaveLength(1);
  });

  it('refuses a tampered, foreign-purpose or missing token with 400 and a sentence', async () => {
    const { token, user } = await registerUser(auth);
    const link = await auth.verifyTokenFor(user.email);
    const [h, , s] = link.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...decodeJwt(link), email: 'boss@oneeta.test' }),
    ).toString('base64url');
    for (const bad of [`${h}.${forged}.${s}`, token, 'garbage']) {
      const res = await verifyEmail(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(
        'This verification link is invalid or has expired. Send a new one from your profile.',
      );
    }
    const missing = await call('POST', '/api/auth/verify-email', undefined, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('The verification link is missing its token');
    expect((await call('GET', '/api/auth/me', token)).json().user.emailVerified).toBe(false);
  });

  it('refuses an expired link', async () => {
    const { token, user } = await registerUser(auth);
    const expired = await auth.keys.signPurpose(
      'verify-email',
      { sub: user.id, email: user.email },
      -60,
    );
    expect((await verifyEmail(expired)).statusCode).toBe(400);
    expect((await call('GET', '/api/auth/me', token)).json().user.emailVerified).toBe(false);
  });

  it('a link for an address the account no longer has does nothing', async () => {
    const { token, user, password } = await registerUser(auth);
    const oldLink = await auth.verifyTokenFor(user.email);
    const fresh = newEmail();
    const changed = await call('PATCH', '/api/auth/me', token, {
      email: fresh,
      currentPassword: password,
    });
    expect(changed.statusCode).toBe(200);
    const res = await verifyEmail(oldLink, changed.json().token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(
      'This link was sent to an e-mail address that is no longer on the account.',
    );
    expect((await call('GET', '/api/auth/me', token)).json().user).toMatchObject({
      email: fresh,
      emailVerified: false,
    });
    expect((await verifyEmail(await auth.verifyTokenFor(fresh))).statusCode).toBe(200);
  });
});

describe('changing the e-mail', () => {
  it('needs the current password: missing is 400, wrong is 403, and neither changes anything', async () => {
    const { token, user } = await registerUser(auth);
    const fresh = newEmail();
    const missing = await call('PATCH', '/api/auth/me', token, { email: fresh, name: 'X' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('Enter your current password to change your e-mail');
    const wrong = await call('PATCH', '/api/auth/me', token, {
      email: fresh,
      currentPassword: 'Wr0ng!pass',
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error).toBe('Your current password is not correct');
    expect((await call('GET', '/api/auth/me', token)).json().user).toMatchObject({
      email: user.email,
      name: null,
    });
    expect(await auth.verificationRequests(fresh)).toHaveLength(0);
  });

  it('counts a wrong current password as a failed login of that account', async () => {
    const { token, user, password } = await registerUser(auth);
    for (let i = 0; i < auth.config.LOGIN_MAX_FAILURES_PER_EMAIL; i++) {
      const res = await call('PATCH', '/api/auth/me', token, {
        email: newEmail(),
        currentPassword: 'Wr0ng!pass',
      });
      expect(res.statusCode).toBe(403);
    }
    const login = await call('POST', '/api/auth/login', undefined, { email: user.email, password });
    expect(login.statusCode).toBe(429);
    const locked = await call('PATCH', '/api/auth/me', token, {
      email: newEmail(),
      currentPassword: password,
    });
    expect(locked.statusCode).toBe(429);
  });

  it('makes the new address unverified and sends the link there; a name alone needs no password', async () => {
    const { token, user, password } = await registerUser(auth);
    await verifyEmail(await auth.verifyTokenFor(user.email));
    const fresh = newEmail();
    const res = await call('PATCH', '/api/auth/me', token, {
      email: fresh,
      currentPassword: password,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email: fresh, emailVerified: false });
    expect(decodeJwt(res.json().token).emailVerified).toBe(false);
    expect(await auth.verificationRequests(fresh)).toEqual([
      { userId: user.id, email: fresh, reason: 'email-changed' },
    ]);
    expect((await userChanged(user.id)).at(-1)).toMatchObject({
      email: fresh,
      emailVerified: false,
      changed: ['email', 'emailVerified'],
    });
    const renamed = await call('PATCH', '/api/auth/me', token, { name: 'Only Name' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().user).toMatchObject({ name: 'Only Name', email: fresh });
  });
});

describe('POST /api/auth/verify-email/resend', () => {
  it('sends a new link to the current address, up to the per-user limit, then 429', async () => {
    const { token, user } = await registerUser(auth);
    for (let i = 0; i < 2; i++) {
      const res = await call('POST', '/api/auth/verify-email/resend', token);
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ sentTo: user.email });
    }
    expect(await auth.verificationRequests(user.email)).toHaveLength(3);
    const limited = await call('POST', '/api/auth/verify-email/resend', token);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatch(/^Too many requests\. Try again in \d+s$/);
    expect(await auth.verificationRequests(user.email)).toHaveLength(3);
  });

  it('needs a signed-in user and refuses an address already verified', async () => {
    expect((await call('POST', '/api/auth/verify-email/resend')).statusCode).toBe(401);
    const { token, user } = await registerUser(auth);
    await verifyEmail(await auth.verifyTokenFor(user.email));
    const res = await call('POST', '/api/auth/verify-email/resend', token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Your e-mail is already verified');
  });
});
