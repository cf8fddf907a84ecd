import { MESSAGES } from '@oneeta/contracts';

export interface InviteTarget {
  sessionId: string;
  code: string;
}

/** Query parameter names the invite page accepts (doc 1 §2 "Invite page"). */
export const SESSION_ID_PARAMS = ['session', 'sessionId', 'id'] as const;
export const INVITE_CODE_PARAMS = ['invite', 'code', 'invitationCode', 'inviteCode'] as const;

function firstParam(params: URLSearchParams, names: readonly string[]): string | undefined {
  for (const name of names) {
    const value = params.get(name)?.trim();
    if (value) return value;
  }
  return undefined;
}

function toUrl(text: string): URL | undefined {
  try {
    // A bare "host/session/…" or "/session/…" still parses against a dummy origin.
    if (/^https?:\/\//i.test(text)) return new URL(text);
    const withPath = text.startsWith('/') ? text : `/${text}`;
    return new URL(withPath, 'http://invite.local');
  } catch {
    return undefined;
  }
}

/**
 * Reads a pasted invite link: `/session/{id}/invite/{code}` anywhere in the path, else the query
 * parameters (session|sessionId|id and invite|code|invitationCode|inviteCode; the id may also come
 * from a `/session/{id}/invite` path), else the last two path segments of any other link.
 * Undefined when it holds no session id and code.
 */
export function parseInviteLink(text: string): InviteTarget | undefined {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  const url = toUrl(trimmed);
  if (!url) return undefined;
  const segments = url.pathname
    .split('/')
    .filter(Boolean)
    .map((s) => decodeURIComponent(s));
  const at = segments.indexOf('session');
  const pathId = at >= 0 && segments[at + 2] === 'invite' ? segments[at + 1] : undefined;
  const pathCode = pathId ? segments[at + 3] : undefined;
  if (pathId && pathCode) return { sessionId: pathId, code: pathCode };
  const sessionId = pathId ?? firstParam(url.searchParams, SESSION_ID_PARAMS);
  const code = firstParam(url.searchParams, INVITE_CODE_PARAMS);
  if (sessionId && code) return { sessionId, code };
  const keywords = segments.includes('session') || segments.includes('invite');
  if (segments.length >= 2 && !url.search && !keywords) {
    const [id, last] = segments.slice(-2) as [string, string];
    return { sessionId: id, code: last };
  }
  return undefined;
}

/**
 * The join form: a pasted link wins; otherwise the session id and code fields. Answers the target,
 * or the error 'Session id and invite code are required'.
 */
export function resolveInviteInput(input: {
  link: string;
  sessionId: string;
  code: string;
}): InviteTarget | { error: string } {
  if (input.link.trim()) {
    return parseInviteLink(input.link) ?? { error: MESSAGES.sessionIdAndCodeRequired };
  }
  const sessionId = input.sessionId.trim();
  const code = input.code.trim();
  if (!sessionId || !code) return { error: MESSAGES.sessionIdAndCodeRequired };
  return { sessionId, code };
}
