/**
 * Where to send the browser for a URL a billing call answered (issue 18). Stripe's checkout and
 * portal are elsewhere and stay as they are. The local provider's pages (its checkout, its portal,
 * and /plans on the way back) are this web app's own: they open on the origin the browser is on,
 * where the sign-in is stored, even when the server names the app by another of its addresses
 * (PUBLIC_URL says http://localhost:8080, the browser is on http://127.0.0.1:8080).
 */
const OWN_PAGES = /^\/(billing\/checkout\/[^/]+|billing\/portal|plans)\/?$/;

export function ownPageUrl(url: string, currentOrigin: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url, currentOrigin);
  } catch {
    return url;
  }
  if (parsed.origin === currentOrigin || !OWN_PAGES.test(parsed.pathname)) return url;
  if (!/^https?:$/.test(parsed.protocol)) return url;
  return `${currentOrigin}${parsed.pathname}${parsed.search}${parsed.hash}`;
}
