import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { bearer, newEmail, registerUser, STRONG_PASSWORD } from './factories.js';
import { startAuth, type AuthHarness } from './helpers.js';

let auth: AuthHarness;
beforeAll(async () => {
  auth = await startAuth();
});
afterAll(() => auth.close());

const register = (payload: unknown) =>
  auth.app.inject({ method: 'POST', url: '/api/auth/register', payload: payload as object });
const login = (payload: unknown) =>
  auth.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object });

describe('POST /api/auth/register', () => {
  it('creates the account with a lower-cased e-mail and answers 201 {token, user}', async () => {
    const res = await register({
      email: '  Mixed.Case@Example.TEST ',
      password: STRONG_PASSWORD,
      name: 'Ann',
    });
    expect(res.statusCode).toBe(201);
    const { token, user } = res.json();
    expect(user).toMatchObject({
      email: 'mixed.case@example.test',
      name: 'Ann',
      plan: 'free',
      phoneNumber: null,
      phoneVerified: false,
      isAdmin: false,
    });
    expect(decodeJwt(token)).toMatchObject({
      sub: user.id,
      email: user.email,
      plan: 'free',
      iss: 'oneeta-auth',
      aud: 'oneeta',
    });
  });

  it('takes no name (it is optional) and stores null', async () => {
    const res = await register({ email: newEmail(), password: STRONG_PASSWORD });
    expect(res.statusCode).toBe(201);
    expect(res.json().user.name).toBeNull();
  });

  it.each([
    ['Sh0rt!a', 'Password must be at least 8 characters'],
    ['lowercase1!', 'Password must contain an uppercase letter'],
    ['UPPERCASE1!', 'Password must contain a lowercase letter'],
    ['NoDigits!!', 'Password must contain a number'],
    ['NoSymbol12', 'Password must contain a symbol'],
    ['', 'Password is required'],
  ])('rejects password %j with %j', async (password, message) => {
    const email = newEmail();
    const res = await register({ email, password });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message, code: 'validation_error' });
    expect((await login({ email, password: STRONG_PASSWORD })).statusCode).toBe(401);
  });

  it('rejects a missing or malformed e-mail', async () => {
    expect((await register({ password: STRONG_PASSWORD })).json().error).toBe('Email is required');
    expect(
      (await register({ email: 'not-an-email', password: STRONG_PASSWORD })).json().error,
    ).toBe('Please enter a valid email address');
  });

  it('answers 409 for an e-mail already registered, in any letter case', async () => {
    const email = newEmail();
    await registerUser(auth, { email });
    const res = await register({ email: email.toUpperCase(), password: STRONG_PASSWORD });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'An account with this email already exists',
      code: 'email_taken',
    });
  });
});

describe('POST /api/auth/login', () => {
  it('signs in with the right password, whatever the e-mail case', async () => {
    const { user, password } = await registerUser(auth, { name: 'Bo' });
    const res = await login({ email: user.email.toUpperCase(), password });
    expect(res.statusCode).toBe(200);
    const me = await auth.app.inject({ url: '/api/auth/me', headers: bearer(res.json().token) });
    expect(me.json().user).toMatchObject({ id: user.id, name: 'Bo' });
  });

  it('answers 401 "Invalid email or password" for a wrong password and an unknown e-mail alike', async () => {
    const { user } = await registerUser(auth);
    const wrong = await login({ email: user.email, password: 'Wr0ng!pass' });
    const unknown = await login({ email: newEmail(), password: STRONG_PASSWORD });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        error: 'Invalid email or password',
        code: 'invalid_credentials',
      });
    }
  });

  it('checks at most LOGIN_MAX_FAILURES_PER_EMAIL of 40 parallel wrong passwords; the rest answer 429', async () => {
    const { user } = await registerUser(auth);
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => login({ email: user.email, password: 'Wr0ng!pass' })),
    );
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 401)).toHaveLength(
      auth.config.LOGIN_MAX_FAILURES_PER_EMAIL,
    );
    expect(codes.filter((code) => code === 429)).toHaveLength(
      40 - auth.config.LOGIN_MAX_FAILURES_PER_EMAIL,
    );
  });

  it('a successful login clears the failure count of that e-mail', async () => {
    const { user, password } = await registerUser(auth);
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 4; i++) await login({ email: user.email, password: 'Wr0ng!pass' });
      expect((await login({ email: user.email, password })).statusCode).toBe(200);
    }
  });
});

describe('per-IP limit on login and register', () => {
  let limited: AuthHarness;
  beforeAll(async () => {
    limited = await startAuth({ AUTH_MAX_PER_IP_PER_MINUTE: '3' });
  });
  afterAll(() => limited.close());

  it('answers 429 once one address has made more attempts than allowed in a minute', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: newEmail(), password: 'x' },
        remoteAddress: '203.0.113.7',
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 429, 429]);
    const other = await limited.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: newEmail(), password: 'x' },
      remoteAddress: '203.0.113.8',
    });
    expect(other.statusCode).toBe(401);
  });
});
