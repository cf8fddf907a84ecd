import { membershipResponseSchema, sessionRevisionResponseSchema } from '@oneeta/contracts';
import { anySignedInUser, type MembershipCheck, type SessionRevision } from './ws-checks.js';

export interface SessionMembershipOptions {
  /** Base URL of services/session. */
  sessionUrl: string;
  /** INTERNAL_TOKEN, sent as `x-internal-token`. */
  internalToken: string;
  timeoutMs?: number;
}

/**
 * Asks the session service whether the user may follow the session's live updates:
 * `GET /internal/sessions/:id/members/:userId?email=` (owner, active participant or invitee; the
 * e-mail, sent only when the current account's address is verified, finds an invite not yet tied
 * to the account). `user` is the current account (see ws-accounts.ts), not the token. An unknown
 * session (404) or an id it refuses (400) is "not a member"; any other failure throws, and the hub
 * answers 'Could not check your membership right now'. Administrators (by the current account),
 * who may view any session, may follow any session too.
 */
export function sessionServiceMembership({ sessionUrl, internalToken, timeoutMs = 3000 }: SessionMembershipOptions): MembershipCheck {
  return async (user, sessionId) => {
    if (user.isAdmin) return true;
    const url = new URL(`/internal/sessions/${encodeURIComponent(sessionId)}/members/${encodeURIComponent(user.id)}`, sessionUrl);
    // Only a verified address may find an invite by e-mail (anyone can type an invitee's address).
    if (user.emailVerified) url.searchParams.set('email', user.email);
    const response = await fetch(url, {
      headers: { 'x-internal-token': internalToken, accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (response.status === 404 || response.status === 400) return false;
    if (!response.ok) throw new Error(`session service answered ${response.status} to a membership check`);
    return membershipResponseSchema.parse(await response.json()).member;
  };
}

/** The session service's check when SESSION_URL and INTERNAL_TOKEN are set, else any signed-in user. */
export function membershipFromConfig(config: { SESSION_URL?: string | undefined; INTERNAL_TOKEN?: string | undefined }): MembershipCheck {
  return config.SESSION_URL && config.INTERNAL_TOKEN
    ? sessionServiceMembership({ sessionUrl: config.SESSION_URL, internalToken: config.INTERNAL_TOKEN })
    : anySignedInUser;
}

/**
 * The session's revision from `GET /internal/sessions/:id/revision`, for the hub's `subscribed`
 * frame. Any failure throws; the hub then sends the frame without it (the page refetches).
 */
export function sessionServiceRevision({ sessionUrl, internalToken, timeoutMs = 3000 }: SessionMembershipOptions): SessionRevision {
  return async (sessionId) => {
    const url = new URL(`/internal/sessions/${encodeURIComponent(sessionId)}/revision`, sessionUrl);
    const response = await fetch(url, {
      headers: { 'x-internal-token': internalToken, accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new Error(`session service answered ${response.status} to a revision read`);
    return sessionRevisionResponseSchema.parse(await response.json()).revision;
  };
}

/** The session service's revision when SESSION_URL and INTERNAL_TOKEN are set, else none. */
export function revisionFromConfig(config: { SESSION_URL?: string | undefined; INTERNAL_TOKEN?: string | undefined }): SessionRevision | undefined {
  return config.SESSION_URL && config.INTERNAL_TOKEN
    ? sessionServiceRevision({ sessionUrl: config.SESSION_URL, internalToken: config.INTERNAL_TOKEN })
    : undefined;
}
