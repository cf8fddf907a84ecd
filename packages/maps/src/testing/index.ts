/**
 * `@oneeta/maps/testing`: a fake Azure Maps for tests of anything that uses the `azure` adapter.
 *
 *   const fake = await startFakeAzureMaps();
 *   const provider = createMapsProvider(parseMapsEnv(fake.env()));   // or fake.env('entra')
 *   fake.failNext(1, 429, { retryAfterSeconds: 1 });                   // next Maps request → 429
 *   expect(fake.requests.at(-1)?.path).toBe('/route/matrix');
 *   await fake.close();
 */
export {
  startFakeAzureMaps,
  type FakeAzureMaps,
  type FakeAzureMapsOptions,
  type RecordedRequest,
} from './fake-azure.js';
