import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

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
