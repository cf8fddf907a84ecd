import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Database } from '@oneeta/service-kit';
import { tokenKeys } from './store/schema.js';

/** Who the embedded chat tokens come from and are for. */
export const CHAT_TOKEN_ISSUER = 'oneeta-communication';
export const CHAT_TOKEN_AUDIENCE = 'oneeta-chat';
/** The one scope embedded tokens carry (ACS tokens carry `chat`, `voip`…). */
export const CHAT_SCOPE = 'chat';

export interface ChatToken {
  token: string;
  /** ISO time the token expires (its `exp`). */
  expiresOn: string;
}

export type TokenCheck =
  { ok: true; communicationUserId: string } | { ok: false; reason: 'expired' | 'invalid' };

/**
 * Embedded chat tokens: HS256 JWTs naming a communication user (`sub`), with `exp` (the ACS SDK's
 * AzureCommunicationTokenCredential reads it to know when to refresh) and the `chat` scope.
 */
export function createChatTokens(secret: string, ttlSeconds: number) {
  const key = new TextEncoder().encode(secret);
  return {
    ttlSeconds,
    async issue(communicationUserId: string, now = Date.now()): Promise<ChatToken> {
      const iat = Math.floor(now / 1000);
      const exp = iat + ttlSeconds;
      const token = await new SignJWT({ scp: CHAT_SCOPE })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(CHAT_TOKEN_ISSUER)
        .setAudience(CHAT_TOKEN_AUDIENCE)
        .setSubject(communicationUserId)
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .sign(key);
      return { token, expiresOn: new Date(exp * 1000).toISOString() };
    },
    async verify(token: string): Promise<TokenCheck> {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: CHAT_TOKEN_ISSUER,
          audience: CHAT_TOKEN_AUDIENCE,
          algorithms: ['HS256'],
          requiredClaims: ['exp', 'sub'],
        });
        if (payload.scp !== CHAT_SCOPE || typeof payload.sub !== 'string')
          return { ok: false, reason: 'invalid' };
        return { ok: true, communicationUserId: payload.sub };
      } catch (err) {
        return { ok: false, reason: err instanceof joseErrors.JWTExpired ? 'expired' : 'invalid' };
      }
    },
  };
}
export type ChatTokens = ReturnType<typeof createChatTokens>;

/**
 * The signing secret: the env's when given, else the one stored on first start. Two replicas
 * starting at once agree: the insert keeps the first row and both read it back.
 */
export async function loadTokenSecret(db: Database, given: string | undefined): Promise<string> {
  if (given) return given;
  const read = async () => (await db.select().from(tokenKeys).where(eq(tokenKeys.id, 1)))[0];
  const stored = await read();
  if (stored) return stored.secret;
  await db
    .insert(tokenKeys)
    .values({ id: 1, secret: randomBytes(48).toString('base64url') })
    .onConflictDoNothing({ target: tokenKeys.id });
  return (await read())!.secret;
}
