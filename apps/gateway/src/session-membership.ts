import { membershipResponseSchema, sessionRevisionResponseSchema } from '@oneeta/contracts';
import type { MembershipCheck, SessionRevision } from './ws-checks.js';

export interface SessionMembershipOptions {
  /** Base URL of services/session. */
  sessionUrl: string;
  /** INTERNAL_TOKEN, sent as `x-internal-token`. */
  internalToken: string;
  timeoutMs?: number;
}

type SessionServiceConfig = {
  SESSION_URL?: string | undefined;
  INTERNAL_TOKEN?: string | undefined;
};

/** Why the gateway will not start without the session service: /ws would have nobody to ask who may follow a session. */
export const MEMBERSHIP_CONFIG_MISSING =
  'The gateway needs SESSION_URL and INTERNAL_TOKEN to check who may follow a session over /ws; set both';

/** The session service's address and token when both are configured. */
const optionsOf = ({
  SESSION_URL,
  INTERNAL_TOKEN,
}: SessionServiceConfig): SessionMembershipOptions | undefined =>
  SESSION_URL && INTERNAL_TOKEN
    ? { sessionUrl: SESSION_URL, internalToken: INTERNAL_TOKEN }
    : undefined;

/** Throws (the gateway refuses to start) unless SESSION_URL and INTERNAL_TOKEN are both set. */
export function requireMembershipConfig(config: SessionServiceConfig): SessionMembershipOptions {
  const missing = [
    config.SESSION_URL ? null : 'SESSION_URL',
    config.INTERNAL_TOKEN ? null : 'INTERNAL_TOKEN',
  ].filter(Boolean);
  const options = optionsOf(config);
  if (!options) throw new Error(`${MEMBERSHIP_CONFIG_MISSING} (missing: ${missing.join(', ')})`);
  return options;
}

/** `/internal/sessions/:id`, the id encoded into the path (never a different route). */
const sessionPath = (sessionId: string) => `/internal/sessions/${encodeURIComponent(sessionId)}`;

/** A GET of one of the session service's internal routes, with the token and a timeout. */
function internalGet(
  { sessionUrl, internalToken, timeoutMs = 3000 }: SessionMembershipOptions,
  path: string,
): Promise<Response> {
  return fetch(new URL(path, sessionUrl), {
    headers: { 'x-internal-token': internalToken, accept: 'application/json' },
    signal: AbortSignal.timeout(timeoutMs),
  });
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
export function sessionServiceMembership(options: SessionMembershipOptions): MembershipCheck {
  return async (user, sessionId) => {
    if (user.isAdmin) return true;
    // Only a verified address may find an invite by e-mail (anyone can type an invitee's address).
    const query = user.emailVerified ? `?${new URLSearchParams({ email: user.email })}` : '';
    const response = await internalGet(
      options,
      `${sessionPath(sessionId)}/members/${encodeURIComponent(user.id)}${query}`,
    );
    if (response.status === 404 || response.status === 400) return false;
    if (!response.ok)
      throw new Error(`session service answered ${response.status} to a membership check`);
    return membershipResponseSchema.parse(await response.json()).member;
  };
}

/** The session service's check; throws when SESSION_URL or INTERNAL_TOKEN is missing (never "anyone may follow"). */
export function membershipFromConfig(config: SessionServiceConfig): MembershipCheck {
  return sessionServiceMembership(requireMembershipConfig(config));
}

/**
 * The session's revision from `GET /internal/sessions/:id/revision`, for the hub's `subscribed`
 * frame. Any failure throws; the hub then sends the frame without it (the page refetches).
 */
export function sessionServiceRevision(options: SessionMembershipOptions): SessionRevision {
  return async (sessionId) => {
    const response = await internalGet(options, `${sessionPath(sessionId)}/revision`);
    if (!response.ok)
      throw new Error(`session service answered ${response.status} to a revision read`);
    return sessionRevisionResponseSchema.parse(await response.json()).revision;
  };
}

/** The session service's revision when SESSION_URL and INTERNAL_TOKEN are set, else none. */
export function revisionFromConfig(config: SessionServiceConfig): SessionRevision | undefined {
  const options = optionsOf(config);
  return options && sessionServiceRevision(options);
}
