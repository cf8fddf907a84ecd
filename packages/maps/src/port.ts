/**
 * The maps provider port (ARCHITECTURE §3): one interface for place search, time zones and travel
 * times, implemented by the embedded `offline` adapter, the Azure Maps adapter and the `osm`
 * adapter (self-hosted OSRM and Photon). The maps API
 * (services/routing) and the route-matrix worker (services/routing-worker) use only this interface.
 */
import type { PlaceCategory, Position, RouteOptions, SearchResult } from '@oneeta/contracts';

export type ProviderName = 'azure' | 'offline' | 'osm';

export interface PlaceSearchQuery {
  /** Non-empty, trimmed. */
  query: string;
  /**
   * The caller's position: results near it rank first. With `radiusMeters`, only results within that
   * many metres of it are returned; without, the search covers the whole world (nearer still first).
   */
  near?: Position;
  radiusMeters?: number;
  limit: number;
}

/** Places of one kind around a point, nearest first (the offline gazetteer: towns and cities). */
export interface NearbyQuery {
  category: PlaceCategory;
  near: Position;
  /** Only places within this many metres of `near`. */
  radiusMeters: number;
  limit: number;
}

/** Exactly one of arriveAt / departAt is set. */
export type MatrixTime =
  { arriveAt: Date; departAt?: never } | { departAt: Date; arriveAt?: never };

export type MatrixOptions = MatrixTime & {
  mode: RouteOptions['travelMode'];
  routeType: RouteOptions['routeType'];
  avoidTolls: boolean;
};

/** One origin's answer, aligned by index with the origins of the call. */
export type MatrixCell =
  | { ok: true; travelTimeSeconds: number; distanceMeters: number }
  | { ok: false; travelTimeSeconds: null; distanceMeters: null; error: string };

export interface MatrixAnswer {
  cells: MatrixCell[];
  /** 'matrix' (a route-matrix call), 'directions' (single-origin route call) or 'estimate' (offline model). */
  strategy: 'matrix' | 'directions' | 'estimate';
  /** HTTP requests sent to the provider for this answer, retries included (0 for offline). */
  providerRequests: number;
}

/** What the start-up check found that does not stop the start (e.g. an engine answered offline instead). */
export interface MapsReadiness {
  warnings: string[];
}

/** What the browser map SDK needs (GET /api/maps/token); the osm adapter answers the offline shape for now. */
export type BrowserMapAuth =
  | { provider: 'offline'; clientId: null; accessToken: null }
  | {
      provider: 'azure';
      authType: 'aad' | 'subscriptionKey';
      clientId: string | null;
      accessToken: string;
      expiresAt: string | null;
    };

export interface MapsProvider {
  readonly name: ProviderName;
  readonly limits: {
    /** Most origin × destination cells one matrix call may carry (Azure sync matrix: 100). */
    maxCellsPerCall: number;
  };
  search(query: PlaceSearchQuery): Promise<SearchResult[]>;
  /** Places of a category near a point, nearest first, at most `limit`. */
  nearby(query: NearbyQuery): Promise<SearchResult[]>;
  /** The address or place at a position (reverse geocoding); null when the provider knows none. */
  reverse(position: Position): Promise<SearchResult | null>;
  /** IANA zone id at a position, e.g. 'America/Los_Angeles'; null when the provider has none. */
  timezone(position: Position): Promise<string | null>;
  /** Travel times from each origin to one destination. `origins.length` ≤ limits.maxCellsPerCall. */
  matrix(origins: Position[], destination: Position, options: MatrixOptions): Promise<MatrixAnswer>;
  browserAuth(): Promise<BrowserMapAuth>;
  /**
   * Start-up check of the engines behind the adapter (osm: one small request to each OSRM server
   * and to Photon). Throws ProviderError naming each failing engine's URL and what it answered;
   * resolves with warnings when a fallback answers instead. Absent: nothing to check.
   */
  ready?(): Promise<MapsReadiness>;
}

/** A provider failure the caller may show or retry (timeouts, 4xx/5xx after retries, bad answers). */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
    readonly retryable = false,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
