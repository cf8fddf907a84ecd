/**
 * The User-Agent every OSRM and Photon request carries, as public instances' usage policies ask:
 * the application and its version, and — when MAPS_CONTACT is set — how to reach its operator.
 */
import { createRequire } from 'node:module';

/** This package's version (src/osm and dist/osm both sit two levels below package.json). */
function packageVersion(): string {
  try {
    const pkg = createRequire(import.meta.url)('../../package.json') as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : '0';
  } catch {
    return '0';
  }
}

export const ONEETA_VERSION = packageVersion();

/** 'OneETA/<version>' or 'OneETA/<version> (+<contact>)'. */
export function osmUserAgent(contact?: string): string {
  const product = `OneETA/${ONEETA_VERSION}`;
  const clean = contact?.replace(/[\r\n()]/g, '').trim();
  return clean ? `${product} (+${clean})` : product;
}
