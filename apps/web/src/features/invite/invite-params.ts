import { INVITE_CODE_PARAMS, SESSION_ID_PARAMS } from '../../lib/invite-link';

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
