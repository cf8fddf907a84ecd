import { afterAll, beforeAll, describe } from 'vitest';
import { createMapsProvider, parseMapsEnv, type MapsProvider } from '../src/index.js';
import { startFakeAzureMaps, type FakeAzureMaps } from '../src/testing/index.js';
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
