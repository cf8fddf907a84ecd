import { MESSAGES, wsClientMessageSchema } from '@oneeta/contracts';
import type { WsClientMessage, WsServerMessage } from '@oneeta/contracts';
import { bearerToken, HttpError } from '@oneeta/service-kit';
import type { AuthUser, TokenVerifier } from '@oneeta/service-kit';
import { tokenExpiry } from './ws-limits.js';

/** May this user follow this session's live updates? */
export type MembershipCheck = (user: AuthUser, sessionId: string) => Promise<boolean>;

/** The session's current revision (Session.revision), read once a subscription is live. */
export type SessionRevision = (sessionId: string) => Promise<number>;

export type ErrorFrame = Extract<WsServerMessage, { type: 'error' }>;

export const BAD_MESSAGE: ErrorFrame = {
  type: 'error',
  error: MESSAGES.wsBadMessage,
  code: 'bad_message',
};

/** A client frame parsed with the contract, or null when it is not JSON or not a known shape. */
export function parseClientMessage(raw: string): WsClientMessage | null {
  try {
    const parsed = wsClientMessageSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export interface Logger {
  warn(obj: object, message: string): void;
}

export interface SubscribeCheck {
  verify: TokenVerifier;
  membership: MembershipCheck;
  log?: Logger | undefined;
}

/** A subscribe request's answer: the user (their token without "Bearer ", and its expiry, epoch ms) or the refusal. */
export type SubscribeResult =
  | { user: AuthUser; expiresAt: number | null; token: string; denial?: undefined }
  | { denial: ErrorFrame };

/** The user when the token (with or without "Bearer ") is valid and may follow the session. */
export async function checkSubscribe(
  { verify, membership, log }: SubscribeCheck,
  sessionId: string,
  token: string,
): Promise<SubscribeResult> {
  const deny = (error: string, code: string) => ({
    denial: { type: 'error', error, code, sessionId } satisfies ErrorFrame,
  });
  const bare = bearerToken(token);
  if (!bare) return deny(MESSAGES.notAuthenticated, 'not_authenticated');
  let user: AuthUser;
  try {
    user = await verify(bare);
  } catch (err) {
    if (err instanceof HttpError) return deny(err.message, err.code ?? 'invalid_token');
    log?.warn({ err }, 'token verification failed');
    return deny('Could not verify your sign-in right now', 'auth_unavailable');
  }
  try {
    if (!(await membership(user, sessionId))) return deny(MESSAGES.wsNotMember, 'not_member');
  } catch (err) {
    log?.warn({ err, sessionId }, 'membership check failed');
    return deny('Could not check your membership right now', 'membership_unavailable');
  }
  const exp = tokenExpiry(bare);
  return { user, expiresAt: exp === null ? null : exp * 1000, token: bare };
}
