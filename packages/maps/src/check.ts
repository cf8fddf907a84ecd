/**
 * The start-up check services run right after createMapsProvider: a failing engine stops the start
 * with a message naming its URL and what it answered, unless the provider has a fallback (osm with
 * MAPS_FALLBACK=offline), in which case the problems come back as warnings to log.
 */
import type { MapsProvider, MapsReadiness } from './port.js';

export async function checkMapsProvider(
  provider: Pick<MapsProvider, 'ready'>,
): Promise<MapsReadiness> {
  return (await provider.ready?.()) ?? { warnings: [] };
}
