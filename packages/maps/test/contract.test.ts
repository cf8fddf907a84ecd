import { afterAll, beforeAll, describe, expect } from 'vitest';
import { createMapsProvider, parseMapsEnv, type MapsProvider } from '../src/index.js';
import {
  fakeOsmEnv,
  startFakeAzureMaps,
  startFakeOsrm,
  startFakePhoton,
  type FakeAzureMaps,
  type FakeOsrm,
  type FakePhoton,
} from '../src/testing/index.js';
import { providerContract } from './contract.js';

describe('offline provider', () => {
  const provider = createMapsProvider(parseMapsEnv({}));
  providerContract(() => provider);
});

for (const auth of ['key', 'entra'] as const) {
  describe(`azure provider (${auth} auth) against the fake Azure Maps`, () => {
    let fake: FakeAzureMaps;
    let provider: MapsProvider;
    beforeAll(async () => {
      fake = await startFakeAzureMaps();
      provider = createMapsProvider(parseMapsEnv(fake.env(auth)));
    });
    afterAll(() => fake.close());
    providerContract(() => provider);
  });
}

describe('osm provider against a fake OSRM and a fake Photon', () => {
  let osrm: FakeOsrm;
  let photon: FakePhoton;
  let provider: MapsProvider;
  beforeAll(async () => {
    [osrm, photon] = await Promise.all([startFakeOsrm(), startFakePhoton()]);
    provider = createMapsProvider(parseMapsEnv(fakeOsmEnv(osrm, photon)));
    expect(await provider.ready?.()).toEqual({ warnings: [] });
  });
  afterAll(() => Promise.all([osrm.close(), photon.close()]));
  providerContract(() => provider);
});
