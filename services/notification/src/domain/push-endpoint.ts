import { PUSH_MESSAGES } from '@oneeta/contracts';
import { bareHost } from '@oneeta/service-kit';

/**
 * Whether `host` is one of the allowed push services: `*.example.com` is any subdomain of it,
 * `example.com` that host or any subdomain. An empty list allows every host.
 */
export function hostAllowed(host: string, allowed: readonly string[]): boolean {
  if (allowed.length === 0) return true;
  const name = host.toLowerCase().replace(/\.$/, '');
  return allowed.some((entry) => {
    if (entry.startsWith('*.')) return name.endsWith(entry.slice(1));
    return name === entry || name.endsWith(`.${entry}`);
  });
}

export type ParsedEndpoint = { ok: true; url: URL; host: string } | { ok: false; error: string };

/**
 * What can be told of a push endpoint without the network: an https URL without credentials, at an
 * allowed host. The URL is the WHATWG-normalised one (hex, octal and decimal IPv4 forms become
 * dotted quads), the one every later check and the connection use.
 */
export function parsePushEndpoint(
  endpoint: string,
  allowedHosts: readonly string[],
): ParsedEndpoint {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return { ok: false, error: PUSH_MESSAGES.notHttps };
  }
  if (url.protocol !== 'https:' || !url.hostname)
    return { ok: false, error: PUSH_MESSAGES.notHttps };
  if (url.username || url.password) return { ok: false, error: PUSH_MESSAGES.credentials };
  const host = bareHost(url.hostname);
  if (!hostAllowed(host, allowedHosts)) return { ok: false, error: PUSH_MESSAGES.notAllowed };
  return { ok: true, url, host };
}

/** What the data export shows of a device's endpoint: the push service's host, never the URL (it is the device's address). */
export function endpointHost(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return '';
  }
}
