/**
 * Origins for the Content-Security-Policy from settings: `https://tiles.example.com/any/path` →
 * `https://tiles.example.com`; a host wildcard (`https://*.tiles.example.com`) is kept as CSP
 * writes it. Pure: the config's check and the policy both use it.
 */

/** An http(s) origin, optionally with a leading `*.` host wildcard, an optional port. */
const WILDCARD_ORIGIN = /^(https?):\/\/\*\.([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)(?::(\d{1,5}))?\/?$/;

/** The origin of an http(s) URL (or a wildcard origin), or null when it is neither. */
export function cspOrigin(value: string): string | null {
  const text = value.trim();
  const wildcard = WILDCARD_ORIGIN.exec(text);
  if (wildcard) {
    const [, scheme, host, port] = wildcard;
    return `${scheme}://*.${host!.toLowerCase()}${port ? `:${port}` : ''}`;
  }
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** The comma-separated entries of a list setting, blanks left out. */
export const listEntries = (list: string | undefined): string[] =>
  (list ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);

/** Each entry's origin, in order, without repeats; null when an entry is not an http(s) origin. */
export function cspOrigins(list: string | undefined): string[] | null {
  const origins = listEntries(list).map(cspOrigin);
  if (origins.some((origin) => origin === null)) return null;
  return [...new Set(origins as string[])];
}
