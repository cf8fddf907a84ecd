/**
 * Shared setup of the osm adapter tests: a fake OSRM and a fake Photon per test file (reset before
 * each test) and the adapter pointed at them. Waits between retries are recorded, not slept.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createOsmMapsProvider, type OsmMapsConfig } from '../src/osm/provider.js';
import {
  startFakeOsrm,
  startFakePhoton,
  type FakeOsrm,
  type FakeOsrmOptions,
  type FakePhoton,
  type FakePhotonOptions,
} from '../src/testing/index.js';

export function useFakeOsm(options: { osrm?: FakeOsrmOptions; photon?: FakePhotonOptions } = {}) {
  const harness = {
    osrm: undefined as unknown as FakeOsrm,
    photon: undefined as unknown as FakePhoton,
    sleeps: [] as number[],
    failures: [] as string[],
    /** The adapter on the fakes (override anything, e.g. `maxTableSize`, `fallback`). */
    osm(overrides: Partial<OsmMapsConfig> = {}) {
      return createOsmMapsProvider({
        osrmUrl: harness.osrm.url,
        photonUrl: harness.photon.url,
        maxAttempts: 3,
        sleep: async (ms) => {
          harness.sleeps.push(ms);
        },
        onEngineFailure: ({ engine, url }) => harness.failures.push(`${engine} ${url}`),
        ...overrides,
      });
    },
  };
  beforeAll(async () => {
    [harness.osrm, harness.photon] = await Promise.all([
      startFakeOsrm(options.osrm),
      startFakePhoton(options.photon),
    ]);
  });
  afterAll(() => Promise.all([harness.osrm.close(), harness.photon.close()]));
  beforeEach(() => {
    harness.osrm.reset();
    harness.photon.reset();
    harness.sleeps.length = 0;
    harness.failures.length = 0;
  });
  return harness;
}
