import type {
  Position,
  SearchQuery,
  SearchResult,
  SearchScope,
  UsageRecordedData,
} from '@oneeta/contracts';
import type { CellRequest, ProviderCall, ProviderName } from '@oneeta/maps';

/**
 * `usage.recorded` data of the maps API (one event per call made with a sessionId). Pure builders:
 * the routes decide when to publish, these decide what the record says.
 */
export type UsageMetrics = UsageRecordedData['metrics'];

interface UsageInput {
  sessionId: string;
  /** The signed-in caller, when there is one; kept in the request summary. */
  userId: string | null;
  request: Record<string, unknown>;
  result: Record<string, unknown>;
  metrics: UsageMetrics;
}

function record(event: UsageRecordedData['event'], input: UsageInput): UsageRecordedData {
  const request = input.userId ? { ...input.request, userId: input.userId } : input.request;
  return {
    event,
    origin: 'maps-api',
    sessionId: input.sessionId,
    jobId: null,
    request,
    result: input.result,
    metrics: input.metrics,
  };
}

type Caller = Pick<UsageInput, 'sessionId' | 'userId'>;

export type LookupKind = 'search' | 'reverse' | 'timezone';

/**
 * How each provider answers a search, a reverse geocoding and a time-zone lookup (the usage
 * record's strategy). Azure's reverse address search is a search transaction like its fuzzy search.
 */
const LOOKUP_STRATEGIES: Record<ProviderName, Record<LookupKind, string>> = {
  azure: {
    search: 'fuzzy-search',
    reverse: 'reverse-address-search',
    timezone: 'timezone-by-coordinates',
  },
  osm: { search: 'photon', reverse: 'photon', timezone: 'geo-tz' },
  offline: { search: 'gazetteer', reverse: 'gazetteer', timezone: 'geo-tz' },
};

/**
 * The provider's work for one search, reverse or time-zone call (the port reports requests only for
 * matrix calls): `calls` lookups (a search that fell back from nearby to everywhere made 2); the
 * embedded gazetteer and geo-tz send none.
 */
export function lookupMetrics(
  provider: ProviderName,
  kind: LookupKind,
  durationMs: number,
  calls = 1,
): UsageMetrics {
  const strategy = LOOKUP_STRATEGIES[provider][kind];
  return {
    providerRequests: strategy === 'geo-tz' || strategy === 'gazetteer' ? 0 : calls,
    provider,
    strategy,
    durationMs: Math.round(durationMs),
  };
}

export function searchUsage(
  caller: Caller,
  query: SearchQuery,
  result: { numResults: number; scope: SearchScope },
  metrics: UsageMetrics,
): UsageRecordedData {
  const near =
    query.lat !== undefined && query.lon !== undefined
      ? { near: { lat: query.lat, lon: query.lon } }
      : {};
  return record('search', {
    ...caller,
    request: { q: query.q, ...near, limit: query.limit },
    result,
    metrics,
  });
}

export function reverseUsage(
  caller: Caller,
  position: Position,
  place: SearchResult | null,
  metrics: UsageMetrics,
): UsageRecordedData {
  return record('reverse', {
    ...caller,
    request: { lat: position.lat, lon: position.lon },
    result: { found: place !== null },
    metrics,
  });
}

export function timezoneUsage(
  caller: Caller,
  position: Position,
  timeZoneId: string | null,
  metrics: UsageMetrics,
): UsageRecordedData {
  return record('timezone', {
    ...caller,
    request: { lat: position.lat, lon: position.lon },
    result: { timeZoneId },
    metrics,
  });
}

/** Metrics of a traveltimes call whose cell the provider computed (the call that computed it). */
export function computedMetrics(provider: string, call: ProviderCall): UsageMetrics {
  const { providerRequests, strategy, durationMs, cells, transactions } = call;
  return {
    providerRequests,
    provider,
    strategy,
    durationMs: Math.round(durationMs),
    cells,
    transactions,
  };
}

/** Metrics of a traveltimes call served from the cache: no provider request. */
export function cachedMetrics(provider: string, durationMs: number): UsageMetrics {
  return { providerRequests: 0, provider, strategy: 'cache', durationMs: Math.round(durationMs) };
}

/** A travel-times record (the request summary as the route-matrix worker writes it); `travelTimeSeconds` null when the cell has no route. */
export function travelUsage(
  caller: Caller,
  request: CellRequest,
  travelTimeSeconds: number | null,
  metrics: UsageMetrics,
): UsageRecordedData {
  const time = { [request.time.kind]: request.time.at.toISOString() };
  return record('travel_times', {
    ...caller,
    request: {
      origins: [request.origin],
      destination: request.destination,
      ...time,
      mode: request.mode,
      routeType: request.routeType,
      avoidTolls: request.avoidTolls,
      originCount: 1,
    },
    result: { bestByTravelTime: travelTimeSeconds === null ? null : { travelTimeSeconds } },
    metrics,
  });
}
