/**
 * Shared setup of the azure adapter tests: one fake Azure Maps per test file (reset before each
 * test) and the adapter pointed at it. Waits between retries are recorded in `sleeps`, not slept.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createAzureMapsProvider, type AzureMapsConfig } from '../src/azure/provider.js';
import type { MatrixOptions } from '../src/port.js';
import {
  startFakeAzureMaps,
  type FakeAzureMaps,
  type FakeAzureMapsOptions,
} from '../src/testing/index.js';

export const arriveAt = new Date('2030-06-01T16:00:00.000Z');
export const car: MatrixOptions = {
  arriveAt,
  mode: 'car',
  routeType: 'fastest',
  avoidTolls: false,
};

export function useFakeAzure(options: FakeAzureMapsOptions = {}) {
  const harness = {
    fake: undefined as unknown as FakeAzureMaps,
    sleeps: [] as number[],
    /** The adapter with the fake's key (override anything, e.g. `entra`, `timeoutMs`). */
    azure(overrides: Partial<AzureMapsConfig> = {}) {
      return createAzureMapsProvider({
        endpoint: harness.fake.url,
        authorityUrl: harness.fake.url,
        key: harness.fake.key,
        clientId: harness.fake.clientId,
        maxAttempts: 3,
        sleep: async (ms) => {
          harness.sleeps.push(ms);
        },
        ...overrides,
      });
    },
    /** Requests to Azure Maps proper (not the token endpoint). */
    mapsRequests() {
      return harness.fake.requests.filter((r) => !r.path.includes('/oauth2/'));
    },
  };
  beforeAll(async () => {
    harness.fake = await startFakeAzureMaps(options);
  });
  afterAll(() => harness.fake.close());
  beforeEach(() => {
    harness.fake.reset();
    harness.sleeps.length = 0;
  });
  return harness;
}
