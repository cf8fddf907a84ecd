import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodeJwt, exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenVerifier, jwksUrlOf, openDatabase } from '@oneeta/service-kit';
import { loadKeyRing } from '../src/context.js';
import { bearer, registerUser, STRONG_PASSWORD } from './factories.js';
import { ADMIN_EMAIL, MIGRATIONS, startAuth, type AuthHarness } from './helpers.js';

let auth: AuthHarness;
beforeAll(async () => {
  auth = await startAuth();
});
afterAll(() => auth.close());

const me = (token: string) => auth.app.inject({ url: '/api/auth/me', headers: bearer(token) });

describe('access tokens', () => {
  it('expire: an expired token is rejected with "Your session expired. Please sign in again."', async () => {
    const { user } = await registerUser(auth);
    const expired = await auth.keys.sign({ sub: user.id, email: user.email, plan: 'free' }, -60);
    const res = await me(expired);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      error: 'Your session expired. Please sign in again.',
      code: 'token_expired',
    });
  });

  it('carry an expiry of JWT_TTL_SECONDS', async () => {
    const { token } = await registerUser(auth);
    const { iat, exp } = decodeJwt(token);
    expect(exp! - iat!).toBe(auth.config.JWT_TTL_SECONDS);
  });

  it('tampered claims or a foreign signature are rejected', async () => {
    const { token } = await registerUser(auth);
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, plan: 'enterprise' })).toString(
      'base64url',
    );
    expect((await me(`${header}.${forged}.${signature}`)).statusCode).toBe(401);

    const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
    const foreignJwk = JSON.stringify({ ...(await exportJWK(privateKey)), kid: auth.keys.kid });
    const foreignRing = await loadKeyRing(auth.database.db, foreignJwk);
    const foreign = await foreignRing.sign(
      { sub: claims.sub, email: claims.email, plan: 'free' },
      60,
    );
    expect((await me(foreign)).statusCode).toBe(401);
  });

  it('refresh gives a new token with current claims', async () => {
    const { token, user } = await registerUser(auth, { name: 'Before' });
    await auth.app.inject({
      method: 'PATCH',
      url: '/api/auth/me',
      payload: { name: 'After' },
      headers: bearer(token),
    });
    const res = await auth.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: bearer(token),
    });
    expect(decodeJwt(res.json().token)).toMatchObject({ sub: user.id, name: 'After' });
  });
});

describe('the administrator', () => {
  const patchMe = (token: string, payload: object) =>
    auth.app.inject({ method: 'PATCH', url: '/api/auth/me', payload, headers: bearer(token) });

  it('is the ADMIN_EMAIL account only once that address is verified; taking the address by a patch grants nothing', async () => {
    const admin = await registerUser(auth, { email: ADMIN_EMAIL.toUpperCase() });
    expect(admin.user.isAdmin).toBe(false);
    expect(decodeJwt(admin.token).isAdmin).toBe(false);
    const adminLink = await auth.verifyTokenFor(ADMIN_EMAIL);

    // Another account cannot take the address while the admin holds it, nor gain rights from a link it never got.
    const other = await registerUser(auth);
    const taken = await patchMe(other.token, {
      email: ADMIN_EMAIL,
      currentPassword: other.password,
    });
    expect(taken.statusCode).toBe(409);

    // The admin moves away; the other account takes the freed address with its password: still not admin.
    const moved = await patchMe(admin.token, {
      email: `former-${ADMIN_EMAIL}`,
      currentPassword: admin.password,
    });
    expect(moved.statusCode).toBe(200);
    const squat = await patchMe(other.token, {
      email: ADMIN_EMAIL,
      currentPassword: other.password,
    });
    expect(squat.statusCode).toBe(200);
    expect(squat.json().user).toMatchObject({
      email: ADMIN_EMAIL.toLowerCase(),
      isAdmin: false,
      emailVerified: false,
    });
    expect(decodeJwt(squat.json().token).isAdmin).toBe(false);
    // The first account's old link does not verify the address for the account now holding it.
    expect(
      (
        await auth.app.inject({
          method: 'POST',
          url: '/api/auth/verify-email',
          payload: { token: adminLink },
        })
      ).statusCode,
    ).toBe(400);
    const login = await auth.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: ADMIN_EMAIL, password: STRONG_PASSWORD },
    });
    expect(decodeJwt(login.json().token).isAdmin).toBe(false);

    // Following the link sent to the address (proving the mailbox) is what makes it the administrator.
    const followed = await auth.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token: await auth.verifyTokenFor(ADMIN_EMAIL) },
      headers: bearer(squat.json().token),
    });
    expect(followed.statusCode).toBe(200);
    expect(followed.json().user).toMatchObject({
      id: other.user.id,
      isAdmin: true,
      emailVerified: true,
    });
    expect(decodeJwt(followed.json().token).isAdmin).toBe(true);
    expect((await me(other.token)).json().user.isAdmin).toBe(true);
    expect((await me(admin.token)).json().user.isAdmin).toBe(false);
  });
});

describe('JWKS', () => {
  it('another service verifies a token from a real auth instance through its JWKS endpoint', async () => {
    const address = await auth.app.listen({ port: 0, host: '127.0.0.1' });
    const verify = createTokenVerifier({ jwksUrl: jwksUrlOf(address) });
    const { token, user } = await registerUser(auth, { name: 'Remote' });
    await expect(verify(token)).resolves.toEqual({
      id: user.id,
      email: user.email,
      emailVerified: false,
      name: 'Remote',
      plan: 'free',
      isAdmin: false,
      tokenVersion: 0,
      sessionId: expect.any(String),
    });
    const jwks = (await (await fetch(jwksUrlOf(address))).json()) as {
      keys: Record<string, unknown>[];
    };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({
      kty: 'OKP',
      crv: 'Ed25519',
      alg: 'EdDSA',
      kid: auth.keys.kid,
    });
    expect(jwks.keys[0]?.d).toBeUndefined();
  });

  it('keeps the generated signing key across restarts of embedded mode', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'auth-keys-'));
    try {
      const first = await openDatabase({
        schema: 'auth',
        migrationsFolder: MIGRATIONS,
        dataDir: dir,
      });
      const kid = (await loadKeyRing(first.db)).kid;
      await first.close();
      const second = await openDatabase({
        schema: 'auth',
        migrationsFolder: MIGRATIONS,
        dataDir: dir,
      });
      expect((await loadKeyRing(second.db)).kid).toBe(kid);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('uses JWT_PRIVATE_KEY from env when given, and rejects a key that is not Ed25519', async () => {
    const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
    const jwk = { ...(await exportJWK(privateKey)), kid: 'from-env' };
    const ring = await loadKeyRing(auth.database.db, JSON.stringify(jwk));
    expect(ring.kid).toBe('from-env');
    expect(ring.jwks.keys[0]).not.toHaveProperty('d');
    await expect(loadKeyRing(auth.database.db, JSON.stringify({ kty: 'RSA' }))).rejects.toThrow(
      'JWT_PRIVATE_KEY must be an Ed25519 private JWK',
    );
  });
});
