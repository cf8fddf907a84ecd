import { INVITE_CODE_PARAMS, SESSION_ID_PARAMS, type InviteTarget } from '../../lib/invite-link';

/** The invite page's query: the session id and code may also come as parameters (doc 1 §2). */
export type InviteSearch = Partial<Record<string, string>>;

export function validateInviteSearch(search: Record<string, unknown>): InviteSearch {
  const out: InviteSearch = {};
  for (const name of [...SESSION_ID_PARAMS, ...INVITE_CODE_PARAMS]) {
    const value = search[name];
    if (typeof value === 'string' && value.trim()) out[name] = value.trim();
    else if (typeof value === 'number') out[name] = String(value);
  }
  return out;
}

/** The code from the path when given, else from invite|code|invitationCode|inviteCode. */
export function inviteCodeOf(
  pathCode: string | undefined,
  search: InviteSearch,
): string | undefined {
  if (pathCode?.trim()) return pathCode.trim();
  for (const name of INVITE_CODE_PARAMS) if (search[name]) return search[name];
  return undefined;
}

/** The session id from the path when given, else from session|sessionId|id in that order. */
export function inviteSessionIdOf(
  pathId: string | undefined,
  search: InviteSearch,
): string | undefined {
  if (pathId?.trim()) return pathId.trim();
  for (const name of SESSION_ID_PARAMS) if (search[name]) return search[name];
  return undefined;
}

/**
 * The invite the page is about: the session id and the code from the path, else from the query
 * (doc 1 §2 "Invite page"). Undefined when either is missing ('Session id and invite code are
 * required').
 */
export function inviteTargetOf(
  path: { id?: string | undefined; code?: string | undefined },
  search: InviteSearch,
): InviteTarget | undefined {
  const sessionId = inviteSessionIdOf(path.id, search);
  const code = inviteCodeOf(path.code, search);
  return sessionId && code ? { sessionId, code } : undefined;
}
