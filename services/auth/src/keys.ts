import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, SignJWT, type JWK, type JSONWebKeySet } from 'jose';
import { TOKEN_AUDIENCE, TOKEN_ISSUER, type TokenClaims } from '@oneeta/contracts';
import type { Database } from '@oneeta/service-kit';
import { asc } from 'drizzle-orm';
import { signingKeys } from './store/schema.js';

export interface KeyRing {
  kid: string;
  jwks: JSONWebKeySet;
  sign(claims: TokenClaims, ttlSeconds: number): Promise<string>;
}

function publicOf(jwk: JWK): JWK {
  const { d: _private, ...rest } = jwk;
  return { ...rest, use: 'sig', alg: 'EdDSA' };
}

/**
 * The signing key: from JWT_PRIVATE_KEY when given; else the oldest stored key, generating and
 * storing one on first start.
 */
export async function loadKeyRing(db: Database, privateJwkJson?: string): Promise<KeyRing> {
  let privateJwk: JWK;
  if (privateJwkJson) {
    privateJwk = JSON.parse(privateJwkJson) as JWK;
    if (privateJwk.crv !== 'Ed25519' || !privateJwk.d) {
      throw new Error('JWT_PRIVATE_KEY must be an Ed25519 private JWK');
    }
    privateJwk.kid ??= 'env';
  } else {
    privateJwk = (await oldestKey(db)) ?? (await storeNewKey(db));
  }
  const key = await importJWK(privateJwk, 'EdDSA');
  const kid = privateJwk.kid!;
  return {
    kid,
    jwks: { keys: [publicOf(privateJwk)] },
    sign: (claims, ttlSeconds) =>
      new SignJWT({ email: claims.email, name: claims.name ?? null, plan: claims.plan, isAdmin: claims.isAdmin ?? false })
        .setProtectedHeader({ alg: 'EdDSA', kid })
        .setIssuer(TOKEN_ISSUER)
        .setAudience(TOKEN_AUDIENCE)
        .setSubject(claims.sub)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
  };
}

async function oldestKey(db: Database): Promise<JWK | undefined> {
  const [stored] = await db.select().from(signingKeys).orderBy(asc(signingKeys.createdAt)).limit(1);
  return stored?.privateJwk as JWK | undefined;
}

/** Replicas racing on first start may both insert; all then use the oldest key. */
async function storeNewKey(db: Database): Promise<JWK> {
  const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  const fresh = { ...(await exportJWK(privateKey)), kid: randomUUID() };
  await db.insert(signingKeys).values({ kid: fresh.kid, privateJwk: fresh, publicJwk: publicOf(fresh) });
  return (await oldestKey(db))!;
}
