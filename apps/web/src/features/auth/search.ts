/** What /auth shows: sign in, register, or the form that asks for a link to choose a new password. */
export type AuthPageMode = 'login' | 'register' | 'forgot';

/** The /auth page's query (doc 1 §2): mode, next, inviteEmail. */
export interface AuthSearch {
  mode?: AuthPageMode;
  next?: string;
  inviteEmail?: string;
}

/** Keeps only well-formed values, so a hand-typed URL never breaks the page. */
export function validateAuthSearch(search: Record<string, unknown>): AuthSearch {
  const out: AuthSearch = {};
  if (search.mode === 'login' || search.mode === 'register' || search.mode === 'forgot')
    out.mode = search.mode;
  if (typeof search.next === 'string' && search.next) out.next = search.next;
  if (typeof search.inviteEmail === 'string' && search.inviteEmail) {
    out.inviteEmail = search.inviteEmail;
  }
  return out;
}

/** The mode from the query, else from route state, else login. */
export function authMode(search: AuthSearch, state: { mode?: unknown } | undefined): AuthPageMode {
  if (search.mode) return search.mode;
  return state?.mode === 'register' ? 'register' : 'login';
}

/** The /auth/reset query: the e-mailed link's token, when it is a non-empty string. */
export function validateResetSearch(search: Record<string, unknown>): { token?: string } {
  const token = typeof search.token === 'string' ? search.token.trim() : '';
  return token ? { token } : {};
}
