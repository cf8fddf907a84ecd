import { randomUUID } from 'node:crypto';
import {
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  SignJWT,
  type JWK,
  type JSONWebKeySet,
} from 'jose';
import { TOKEN_AUDIENCE, TOKEN_ISSUER, type TokenClaims } from '@oneeta/contracts';
import type { Database } from '@oneeta/service-kit';
import { asc } from 'drizzle-orm';
import { signingKeys } from './store/schema.js';

export interface KeyRing {
  kid: string;
  jwks: JSONWebKeySet;
  sign(claims: Omit<TokenClaims, 'exp'>, ttlSeconds: number): Promise<string>;
  /**
   * A single-purpose token (e.g. an e-mail link): its own audience `oneeta-<purpose>`, so it is never
   * taken as an access token (whose audience is TOKEN_AUDIENCE), nor for another purpose.
   */
  signPurpose(purpose: string, claims: PurposeClaims, ttlSeconds: number): Promise<string>;
  /** The claims of a valid, unexpired token of that purpose; throws otherwise. */
  verifyPurpose(purpose: string, token: string): Promise<PurposeClaims>;
}

export interface PurposeClaims {
  sub: string;
  email: string;
}

const purposeAudience = (purpose: string) => `${TOKEN_AUDIENCE}-${purpose}`;

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
  const jwks = { keys: [publicOf(privateJwk)] };
  const localKeys = createLocalJWKSet(jwks);
  return {
    kid,
    jwks,
    sign: (claims, ttlSeconds) =>
      new SignJWT({
        email: claims.email,
        emailVerified: claims.emailVerified ?? false,
        name: claims.name ?? null,
        plan: claims.plan,
        isAdmin: claims.isAdmin ?? false,
        tv: claims.tv ?? 0,
        ...(claims.sid ? { sid: claims.sid } : {}),
      })
        .setProtectedHeader({ alg: 'EdDSA', kid })
        .setIssuer(TOKEN_ISSUER)
        .setAudience(TOKEN_AUDIENCE)
        .setSubject(claims.sub)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    signPurpose: (purpose, claims, ttlSeconds) =>
      new SignJWT({ email: claims.email, purpose })
        .setProtectedHeader({ alg: 'EdDSA', kid })
        .setIssuer(TOKEN_ISSUER)
        .setAudience(purposeAudience(purpose))
        .setSubject(claims.sub)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    verifyPurpose: async (purpose, token) => {
      const { payload } = await jwtVerify(token, localKeys, {
        issuer: TOKEN_ISSUER,
        audience: purposeAudience(purpose),
        algorithms: ['EdDSA'],
        requiredClaims: ['exp', 'sub'],
      });
      if (payload.purpose !== purpose || typeof payload.email !== 'string') {
        throw new Error(`not a ${purpose} token`);
      }
      return { sub: payload.sub!, email: payload.email };
    },
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
