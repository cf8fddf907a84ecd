/**
 * `@oneeta/maps/testing`: fakes of the engines behind the adapters, speaking their wire formats.
 *
 *   const fake = await startFakeAzureMaps();
 *   const provider = createMapsProvider(parseMapsEnv(fake.env()));   // or fake.env('entra')
 *   fake.failNext(1, 429, { retryAfterSeconds: 1 });                   // next Maps request → 429
 *   expect(fake.requests.at(-1)?.path).toBe('/route/matrix');
 *   await fake.close();
 *
 *   const osrm = await startFakeOsrm({ unroutable: [somePosition] });
 *   const photon = await startFakePhoton();
 *   const osm = createMapsProvider(parseMapsEnv(fakeOsmEnv(osrm, photon)));
 */
export {
  startFakeAzureMaps,
  type FakeAzureMaps,
  type FakeAzureMapsOptions,
  type RecordedRequest,
} from './fake-azure.js';
export type { FakeEngineControls } from './fake-engine.js';
export {
  FAKE_OSRM_CIRCUITY,
  FAKE_OSRM_SPEEDS,
  fakeOsrmTrip,
  startFakeOsrm,
  type FakeOsrm,
  type FakeOsrmOptions,
  type FakeOsrmProfile,
} from './fake-osrm.js';
export {
  FAKE_PHOTON_PLACES,
  startFakePhoton,
  type FakePhoton,
  type FakePhotonOptions,
  type FakePhotonPlace,
} from './fake-photon.js';
export { fakeOsmEnv } from './fake-osm.js';
