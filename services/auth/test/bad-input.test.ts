/**
 * Fuzzer findings of issue 11: NUL and lone surrogates in a name reached Postgres and answered 500.
 * Every text field of the account routes answers 400 with a sentence and changes nothing.
 * (Passwords are never stored as text, only their hash, so they are not poisoned here.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newEmail, registerUser, STRONG_PASSWORD } from './factories.js';
import { INTERNAL_TOKEN, startAuth, type AuthHarness } from './helpers.js';

let auth: AuthHarness;
let token: string;
let userId: string;
beforeAll(async () => {
  auth = await startAuth();
  ({
    token,
    user: { id: userId },
  } = await registerUser(auth, { name: 'Ana' }));
});
afterAll(() => auth.close());

const POISON: [string, (text: string) => string][] = [
  ['a NUL', (text) => `${text}\u0000x`],
  ['a lone surrogate', (text) => `${text}\ud800`],
  ['an escape character', (text) => `\u001b${text}`],
];

interface BodyRoute {
  name: string;
  method: 'POST' | 'PATCH';
  url: string;
  auth: boolean;
  body: () => Record<string, unknown>;
  /** The fields to poison (every string field but passwords). */
  fields: string[];
}

const ROUTES: BodyRoute[] = [
  {
    name: 'register',
    method: 'POST',
    url: '/api/auth/register',
    auth: false,
    body: () => ({ email: newEmail(), password: STRONG_PASSWORD, name: 'Bea' }),
    fields: ['email', 'name'],
  },
  {
    name: 'update me',
    method: 'PATCH',
    url: '/api/auth/me',
    auth: true,
    body: () => ({ name: 'Ana Maria' }),
    fields: ['name'],
  },
  {
    name: 'login',
    method: 'POST',
    url: '/api/auth/login',
    auth: false,
    body: () => ({ email: newEmail(), password: STRONG_PASSWORD }),
    fields: ['email'],
  },
  {
    name: 'phone start',
    method: 'POST',
    url: '/api/auth/me/phone',
    auth: true,
    body: () => ({ phone: '2065550100', consent: true }),
    fields: ['phone'],
  },
  {
    name: 'phone verify',
    method: 'POST',
    url: '/api/auth/me/phone/verify',
    auth: true,
    body: () => ({ code: '123456' }),
    fields: ['code'],
  },
];

const me = async () =>
  (
    await auth.app.inject({
      method: 'GET',
      url: `/internal/users/${userId}`,
      headers: { 'x-internal-token': INTERNAL_TOKEN },
    })
  ).json();

describe('poisoned text fields', () => {
  it.each(ROUTES.map((route) => [route.name, route] as const))(
    '%s answers 400 with a sentence for NUL, a lone surrogate or a control character in any text field, and changes nothing',
    async (_name, route) => {
      const before = await me();
      const failures: string[] = [];
      for (const field of route.fields) {
        for (const [label, change] of POISON) {
          const body = route.body();
          const res = await auth.app.inject({
            method: route.method,
            url: route.url,
            headers: route.auth ? bearer(token) : {},
            payload: { ...body, [field]: change(String(body[field])) },
          });
          const error = res.json<{ error?: unknown }>().error;
          if (res.statusCode !== 400 || typeof error !== 'string' || error.length < 10) {
            failures.push(`${label} in ${field} → ${res.statusCode} ${res.body}`);
          }
        }
      }
      expect(failures).toEqual([]);
      expect(await me()).toEqual(before);
    },
  );

  it('names the field in the sentence', async () => {
    const res = await auth.app.inject({
      method: 'PATCH',
      url: '/api/auth/me',
      headers: bearer(token),
      payload: { name: 'Ana\u0000' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'Name must not contain control characters' });
  });

  it('answers 400 for a junk user id on the internal routes', async () => {
    for (const id of ['%00', 'a%20b', '%E2%80%AE', 'x'.repeat(101)]) {
      const res = await auth.app.inject({
        method: 'GET',
        url: `/internal/users/${id}`,
        headers: { 'x-internal-token': INTERNAL_TOKEN },
      });
      expect({ id, status: res.statusCode }).toEqual({ id, status: 400 });
    }
  });
});
