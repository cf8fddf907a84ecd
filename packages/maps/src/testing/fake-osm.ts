/** Env for @oneeta/maps pointing the `osm` adapter at a fake OSRM and a fake Photon. */
import type { FakeOsrm } from './fake-osrm.js';
import type { FakePhoton } from './fake-photon.js';

export function fakeOsmEnv(
  osrm: Pick<FakeOsrm, 'url'>,
  photon: Pick<FakePhoton, 'url'>,
  extra: Record<string, string> = {},
): Record<string, string> {
  return { MAPS_PROVIDER: 'osm', OSRM_URL: osrm.url, PHOTON_URL: photon.url, ...extra };
}
