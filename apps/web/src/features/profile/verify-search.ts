// Its own module: the /verify-email route (in the entry) reads only this, not the e-mail tab's rules.
/** The /verify-email query: the link's token, when it is a non-empty string. */
export function validateVerifySearch(search: Record<string, unknown>): { token?: string } {
  const token = typeof search.token === 'string' ? search.token.trim() : '';
  return token ? { token } : {};
}
