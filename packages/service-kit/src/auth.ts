import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors as joseErrors,
  jwtVerify,
  type JSONWebKeySet,
  type JWTVerifyGetKey,
} from 'jose';
import {
  MESSAGES,
  TOKEN_AUDIENCE,
  TOKEN_ISSUER,
  tokenClaimsSchema,
  type Plan,
  type TokenState,
} from '@oneeta/contracts';
import { HttpError } from './errors.js';
import { safeEqual } from './safe-compare.js';

/** The signed-in caller, from a verified access token. */
export interface AuthUser {
  id: string;
  email: string;
  /** The e-mail was proven (verification link followed); e-mail-matched rights need it. */
  emailVerified: boolean;
  name: string | null;
  plan: Plan;
  isAdmin: boolean;
}

/** Who a verified token names, and which of their tokens it is (absent claims: version 0, no sign-in). */
export interface TokenIdentity extends AuthUser {
  tokenVersion?: number | undefined;
  sessionId?: string | undefined;
}

export type TokenVerifier = (token: string) => Promise<TokenIdentity>;

/** The current account and, when known, which of its tokens still work. */
export type AccountRecord = AuthUser & { tokens?: TokenState | undefined };

/** The current account by id (createAccountDirectory's get, or auth's database), null when it no longer exists. */
export type AccountLookup = (userId: string) => Promise<AccountRecord | null>;

/**
 * Whether the account's token state revokes this token: signed before the account's current token
 * version (password changed or reset, signed out everywhere), or of a signed-out sign-in.
 */
export function isTokenRevoked(
  identity: Pick<TokenIdentity, 'tokenVersion' | 'sessionId'>,
  tokens: TokenState | undefined,
): boolean {
  if (!tokens) return false;
  if ((identity.tokenVersion ?? 0) < tokens.version) return true;
  return identity.sessionId !== undefined && tokens.revokedSessions.includes(identity.sessionId);
}

export interface VerifierOptions {
  /** The auth service's JWKS URL (fetched once, cached, refetched on an unknown key id). */
  jwksUrl?: string;
  /** A key set in hand (the auth service verifies its own tokens this way). */
  jwks?: JSONWebKeySet;
}

export function jwksUrlOf(authUrl: string): string {
  return new URL('/.well-known/jwks.json', authUrl).toString();
}

/** Verifies EdDSA access tokens from the auth service: signature, issuer, audience, expiry. */
export function createTokenVerifier(options: VerifierOptions): TokenVerifier {
  let keys: JWTVerifyGetKey;
  if (options.jwks) keys = createLocalJWKSet(options.jwks);
  else if (options.jwksUrl) {
    keys = createRemoteJWKSet(new URL(options.jwksUrl), {
      cacheMaxAge: 10 * 60_000,
      cooldownDuration: 30_000,
      timeoutDuration: 5_000,
    });
  } else throw new Error('createTokenVerifier needs jwksUrl or jwks');

  return async (token) => {
    try {
      const { payload } = await jwtVerify(token, keys, {
        issuer: TOKEN_ISSUER,
        audience: TOKEN_AUDIENCE,
        algorithms: ['EdDSA'],
        // A token without an expiry would be good forever: refuse it (and one naming no one).
        requiredClaims: ['exp', 'sub'],
      });
      const claims = tokenClaimsSchema.parse(payload);
      return {
        id: claims.sub,
        email: claims.email,
        emailVerified: claims.emailVerified === true,
        name: claims.name ?? null,
        plan: claims.plan,
        isAdmin: claims.isAdmin === true,
        tokenVersion: claims.tv ?? 0,
        sessionId: claims.sid,
      };
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) {
        throw new HttpError(401, MESSAGES.sessionExpired, 'token_expired');
      }
      if (err instanceof joseErrors.JOSEError || err instanceof Error) {
        if (err instanceof joseErrors.JWKSTimeout || err instanceof joseErrors.JWKSInvalid)
          throw err;
        throw new HttpError(401, MESSAGES.notAuthenticated, 'invalid_token');
      }
      throw err;
    }
  };
}

/** The token in `Authorization: Bearer …` (or a bare token), else null. */
export function bearerToken(value: string | undefined): string | null {
  if (!value) return null;
  const trimmed = value.trim();
  const token = /^bearer(\s|$)/i.test(trimmed) ? trimmed.slice(6).trim() : trimmed;
  return token.length > 0 ? token : null;
}

export type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** Who a guard lets through, as the API document states it (openapi.ts reads it off a route's preHandler). */
export type GuardAccess = 'public' | 'user' | 'admin' | 'internal';
const guardAccess = new WeakMap<object, GuardAccess>();

/** The access a kit guard stands for, or undefined for any other function. */
export function accessOfGuard(fn: unknown): GuardAccess | undefined {
  return typeof fn === 'function' ? guardAccess.get(fn) : undefined;
}

function marked(fn: Guard, access: GuardAccess): Guard {
  guardAccess.set(fn, access);
  return fn;
}

export interface Guards {
  /** 401 unless a valid token of an existing account; sets request.user (the current account). */
  requireUser: Guard;
  /** Sets request.user when a valid token is sent; a missing token is fine, a bad one is 401. */
  optionalUser: Guard;
  /** 401 without a valid token, 403 unless the account is an administrator now. */
  requireAdmin: Guard;
  /** 403 unless `x-internal-token` matches INTERNAL_TOKEN (always 403 when none is configured). */
  requireInternal: Guard;
}

export interface GuardOptions {
  /** Checks the token's signature, issuer, audience and expiry: the token says who, nothing more. */
  verify: TokenVerifier;
  /**
   * The current account of the token's subject (createAccountDirectory, or auth's own database):
   * request.user is that account, so plan, admin rights and the e-mail are never the token's copy.
   * Every service passes one; without it the token's claims are used as they are.
   */
  accounts?: AccountLookup | undefined;
  internalToken?: string | undefined;
}

/**
 * The verified token's identity resolved to the current account: 401 when the account no longer
 * exists or the account's token state revokes the token; the lookup's own error (503 when auth
 * cannot answer) otherwise. The answer is the account (without its token state).
 */
export function currentAccountVerifier(
  verify: TokenVerifier,
  accounts: AccountLookup,
): TokenVerifier {
  return async (token) => {
    const identity = await verify(token);
    const account = await accounts(identity.id);
    if (!account) throw new HttpError(401, MESSAGES.notAuthenticated, 'account_not_found');
    const { tokens, ...user } = account;
    if (isTokenRevoked(identity, tokens))
      throw new HttpError(401, MESSAGES.sessionExpired, 'token_revoked');
    return user;
  };
}

export function createGuards(options: GuardOptions): Guards {
  const verify: TokenVerifier = options.accounts
    ? currentAccountVerifier(options.verify, options.accounts)
    : async (token) => {
        // request.user is who the token names, without which of their tokens it is.
        const {
          tokenVersion: _version,
          sessionId: _session,
          ...user
        } = await options.verify(token);
        return user;
      };
  const authenticate = async (request: FastifyRequest, required: boolean) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) {
      if (required) throw new HttpError(401, MESSAGES.notAuthenticated, 'not_authenticated');
      request.user = null;
      return;
    }
    request.user = await verify(token);
  };
  const expected = options.internalToken || null;
  return {
    requireUser: marked((request) => authenticate(request, true), 'user'),
    optionalUser: marked((request) => authenticate(request, false), 'public'),
    requireAdmin: marked(async (request) => {
      await authenticate(request, true);
      if (!request.user?.isAdmin) throw new HttpError(403, MESSAGES.adminOnly, 'admin_only');
    }, 'admin'),
    requireInternal: marked(async (request) => {
      const given = request.headers['x-internal-token'];
      const ok = expected !== null && typeof given === 'string' && safeEqual(given, expected);
      if (!ok) throw new HttpError(403, 'Internal route', 'internal_only');
    }, 'internal'),
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
}
