/** The /auth page's query (doc 1 §2): mode, next, inviteEmail. */
export interface AuthSearch {
  mode?: 'login' | 'register';
  next?: string;
  inviteEmail?: string;
}

/** Keeps only well-formed values, so a hand-typed URL never breaks the page. */
export function validateAuthSearch(search: Record<string, unknown>): AuthSearch {
  const out: AuthSearch = {};
  if (search.mode === 'login' || search.mode === 'register') out.mode = search.mode;
  if (typeof search.next === 'string' && search.next) out.next = search.next;
  if (typeof search.inviteEmail === 'string' && search.inviteEmail) {
    out.inviteEmail = search.inviteEmail;
  }
  return out;
}

/** The mode from the query, else from route state, else login. */
export function authMode(
  search: AuthSearch,
  state: { mode?: unknown } | undefined,
): 'login' | 'register' {
  if (search.mode) return search.mode;
  return state?.mode === 'register' ? 'register' : 'login';
}
