/**
 * The `osm` maps adapter: travel times from OSRM (osrm.ts), place search, nearby places and reverse
 * geocoding from Photon (photon.ts), time zones from the offline geo-tz data. Self-hosted engines,
 * no keys. With `fallback: 'offline'`, an engine that fails (ProviderError: timeouts, 5xx, network,
 * unexpected answers) is skipped for FALLBACK_RECHECK_MS and the offline adapter answers meanwhile
 * (matrix `strategy: 'estimate'`; search from the gazetteer); without it, failures throw.
 */
import type { Position } from '@oneeta/contracts';
import type { RequestCounter } from '../http.js';
import { assertWithinCellLimit, MAX_CELLS_PER_CALL } from '../limits.js';
import { createOfflineMapsProvider, offlineMatrix, offlineTimezone } from '../offline/provider.js';
import { ProviderError, type MapsProvider, type MatrixOptions } from '../port.js';
import { EngineClient, type EngineSettings } from './engine.js';
import { OsrmRouter } from './osrm.js';
import { PhotonGeocoder } from './photon.js';
import { osmUserAgent } from './user-agent.js';

type Mode = MatrixOptions['mode'];
const MODES: readonly Mode[] = ['car', 'bicycle', 'walking'];

/** How long a failed engine is skipped (answered offline) before it is tried again. */
export const FALLBACK_RECHECK_MS = 30_000;

export const OSM_DEFAULTS = Object.freeze({
  maxTableSize: 100,
  timeoutMs: 10_000,
  maxAttempts: 4,
});

/** An engine call that failed and was answered offline instead (MAPS_FALLBACK=offline). */
export interface EngineFailure {
  engine: 'OSRM' | 'Photon';
  url: string;
  error: ProviderError;
}

export interface OsmMapsConfig {
  /** OSRM base URL for every mode without a URL of its own. */
  osrmUrl: string;
  osrmBicycleUrl?: string;
  osrmWalkingUrl?: string;
  /** Most coordinates (origins + destination) per table request. */
  maxTableSize?: number;
  photonUrl: string;
  /** Photon `lang`; unset: the server's default. */
  photonLang?: string;
  /** URL or e-mail for the User-Agent. */
  contact?: string;
  fallback?: 'none' | 'offline';
  timeoutMs?: number;
  maxAttempts?: number;
  /** Told about each engine failure answered offline (e.g. to log a warning). */
  onEngineFailure?: (failure: EngineFailure) => void;
  /** Test seams: HTTP client, wait between retries, jitter source, clock of the fallback. */
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  now?: () => number;
}

export function createOsmMapsProvider(config: OsmMapsConfig): MapsProvider {
  const settings: EngineSettings = {
    timeoutMs: config.timeoutMs ?? OSM_DEFAULTS.timeoutMs,
    maxAttempts: config.maxAttempts ?? OSM_DEFAULTS.maxAttempts,
    userAgent: osmUserAgent(config.contact),
    fetch: config.fetch,
    sleep: config.sleep,
    random: config.random,
  };
  const osrmClients = new Map<string, EngineClient>();
  const osrmFor = (url: string) => {
    const client = osrmClients.get(url) ?? new EngineClient('OSRM', url, settings);
    osrmClients.set(url, client);
    return client;
  };
  const router = new OsrmRouter(
    {
      car: osrmFor(config.osrmUrl),
      bicycle: osrmFor(config.osrmBicycleUrl ?? config.osrmUrl),
      walking: osrmFor(config.osrmWalkingUrl ?? config.osrmUrl),
    },
    config.maxTableSize ?? OSM_DEFAULTS.maxTableSize,
  );
  const photon = new PhotonGeocoder(
    new EngineClient('Photon', config.photonUrl, settings),
    config.photonLang,
  );
  const offline = createOfflineMapsProvider();
  const fallback = config.fallback === 'offline';
  const now = config.now ?? Date.now;
  const downUntil = new Map<string, number>();

  /** Runs `primary`; with the fallback on, answers `instead` while the engine fails. */
  async function guard<T>(
    engine: EngineFailure['engine'],
    url: string,
    primary: () => Promise<T>,
    instead: () => Promise<T>,
  ): Promise<T> {
    if (!fallback) return primary();
    if ((downUntil.get(url) ?? 0) > now()) return instead();
    try {
      const answer = await primary();
      downUntil.delete(url);
      return answer;
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      downUntil.set(url, now() + FALLBACK_RECHECK_MS);
      config.onEngineFailure?.({ engine, url, error });
      return instead();
    }
  }

  const photonGuard = <T>(primary: () => Promise<T>, instead: () => Promise<T>) =>
    guard('Photon', config.photonUrl, primary, instead);

  /** Probes every distinct OSRM server and Photon; one problem line per failing engine. */
  async function probeAll(): Promise<Array<{ url: string; message: string; what: string }>> {
    const servers = [...osrmClients.values()].map((client) => ({
      client,
      modes: MODES.filter((mode) => router.client(mode) === client),
    }));
    const checks = [
      ...servers.map(({ client, modes }) => ({
        url: client.baseUrl,
        what: `${modes.join(', ')} travel times are offline estimates`,
        run: () => router.probe(modes[0] as Mode, { count: 0 }),
      })),
      {
        url: config.photonUrl,
        what: 'place search finds cities only',
        run: () => photon.probe({ count: 0 }),
      },
    ];
    const results = await Promise.all(
      checks.map(async ({ url, what, run }) => {
        try {
          await run();
          return null;
        } catch (error) {
          if (!(error instanceof ProviderError)) throw error;
          return { url, what, message: error.message };
        }
      }),
    );
    return results.filter((r) => r !== null);
  }

  return {
    name: 'osm',
    limits: { maxCellsPerCall: MAX_CELLS_PER_CALL },

    search: (query) =>
      photonGuard(
        () => photon.search(query, { count: 0 }),
        () => offline.search(query),
      ),

    nearby: (query) =>
      photonGuard(
        () => photon.nearby(query, { count: 0 }),
        () => offline.nearby(query),
      ),

    reverse: (position: Position) =>
      photonGuard(
        () => photon.reverse(position, { count: 0 }),
        () => offline.reverse(position),
      ),

    timezone: async (position) => offlineTimezone(position),

    async matrix(origins, destination, options) {
      assertWithinCellLimit(origins.length);
      if (origins.length === 0) return { cells: [], strategy: 'matrix', providerRequests: 0 };
      const counter: RequestCounter = { count: 0 };
      return guard(
        'OSRM',
        router.client(options.mode).baseUrl,
        async () => ({
          ...(await router.matrix(origins, destination, options, counter)),
          providerRequests: counter.count,
        }),
        async () => ({
          ...offlineMatrix(origins, destination, options),
          providerRequests: counter.count,
        }),
      );
    },

    browserAuth: async () => ({ provider: 'offline', clientId: null, accessToken: null }),

    async ready() {
      const problems = await probeAll();
      if (problems.length === 0) return { warnings: [] };
      if (fallback) {
        for (const { url } of problems) downUntil.set(url, now() + FALLBACK_RECHECK_MS);
        return {
          warnings: problems.map(
            (p) =>
              `${p.message}. MAPS_FALLBACK=offline: ${p.what} until it answers (tried again every ${FALLBACK_RECHECK_MS / 1000} s)`,
          ),
        };
      }
      throw new ProviderError(
        `The maps engines failed the start-up check (MAPS_PROVIDER=osm):\n${problems
          .map((p) => `  - ${p.message}`)
          .join(
            '\n',
          )}\nCheck OSRM_URL, OSRM_BICYCLE_URL, OSRM_WALKING_URL and PHOTON_URL, or set MAPS_FALLBACK=offline to start with offline answers.`,
        null,
        true,
      );
    },
  };
}
