/**
 * The Azure Maps SDK asks for an access token whenever it needs one ('aad' auth). The token the page
 * already has is handed back while it has more than TOKEN_REFRESH_MARGIN_MS left; otherwise a new
 * one is fetched from /api/maps/token.
 */
export const TOKEN_REFRESH_MARGIN_MS = 60_000;

export function tokenIsFresh(
  expiresAt: string | null | undefined,
  now: number,
  margin = TOKEN_REFRESH_MARGIN_MS,
): boolean {
  if (!expiresAt) return false;
  const expires = Date.parse(expiresAt);
  return Number.isFinite(expires) && expires - now > margin;
}
