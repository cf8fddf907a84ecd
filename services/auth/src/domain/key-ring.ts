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

export function publicOf(jwk: JWK): JWK {
  const { d: _private, ...rest } = jwk;
  return { ...rest, use: 'sig', alg: 'EdDSA' };
}

/** A private Ed25519 JWK given as JSON (JWT_PRIVATE_KEY); its kid defaults to 'env'. */
export function parsePrivateJwk(json: string): JWK {
  const privateJwk = JSON.parse(json) as JWK;
  if (privateJwk.crv !== 'Ed25519' || !privateJwk.d) {
    throw new Error('JWT_PRIVATE_KEY must be an Ed25519 private JWK');
  }
  privateJwk.kid ??= 'env';
  return privateJwk;
}

/** A fresh private Ed25519 JWK under a random kid. */
export async function newPrivateJwk(): Promise<JWK & { kid: string }> {
  const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  return { ...(await exportJWK(privateKey)), kid: randomUUID() };
}

/** The ring that signs with `privateJwk` and publishes its public half. */
export async function keyRingOf(privateJwk: JWK): Promise<KeyRing> {
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
