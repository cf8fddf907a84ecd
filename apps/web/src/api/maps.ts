import type {
  mapTokenResponseSchema,
  searchResponseSchema,
  travelTimesResponseSchema,
} from '@oneeta/contracts';
import {
  MAP_RESULTS_LIMIT,
  MAPS_MESSAGES,
  SEARCH_RADIUS_METERS,
  type RouteOptions,
} from '@oneeta/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

/**
 * GET /api/maps/token answer: `provider: 'offline'` means the web app draws its own map, 'azure'
 * Azure Maps with these credentials, 'maplibre' a street map from the style at `styleUrl`.
 */
export type MapToken = z.output<typeof mapTokenResponseSchema>;
export type AzureMapToken = Extract<MapToken, { provider: 'azure' | 'offline' }>;
export type MapLibreMapToken = Extract<MapToken, { provider: 'maplibre' }>;
export type PlaceSearchResponse = z.output<typeof searchResponseSchema>;
export type TravelTimesAnswer = z.output<typeof travelTimesResponseSchema>;

/**
 * GET /api/maps/token?sessionId → { provider, authType, clientId, accessToken, expiresAt } (and
 * styleUrl, attribution with provider 'maplibre').
 * Anonymous callers may ask (doc 1 §6); default error 'Token fetch failed'.
 */
export function getMapToken(sessionId?: string, signal?: AbortSignal) {
  return apiRequest('/api/maps/token', {
    query: { sessionId },
    schema: 'mapTokenResponseSchema',
    fallbackError: MAPS_MESSAGES.tokenFailed,
    auth: 'optional',
    ...(signal ? { signal } : {}),
  });
}

export interface SearchPlacesParams {
  /** The text searched for; must not be empty (the server answers 400 otherwise). */
  q: string;
  /** Results are biased to this point (the user's position) within `radius` metres. */
  lat?: number;
  lon?: number;
  radius?: number;
  limit?: number;
  sessionId?: string;
  signal?: AbortSignal;
}

/**
 * GET /api/maps/search?q&lat&lon&radius&limit&sessionId → { results, scope, radiusMeters, coverage }
 * (nearby first, else everywhere); default error 'Search failed'.
 * lat and lon are sent together or not at all (the contract refuses one without the other).
 */
export function searchPlaces({
  q,
  lat,
  lon,
  radius = SEARCH_RADIUS_METERS,
  limit = MAP_RESULTS_LIMIT,
  sessionId,
  signal,
}: SearchPlacesParams) {
  const near = lat !== undefined && lon !== undefined ? { lat, lon } : {};
  return apiRequest('/api/maps/search', {
    query: { q, ...near, radius, limit, sessionId },
    schema: 'searchResponseSchema',
    fallbackError: MAPS_MESSAGES.searchFailed,
    auth: 'optional',
    ...(signal ? { signal } : {}),
  });
}

/**
 * GET /api/maps/reverse?lat&lon&sessionId → { place } (the address or place there, or null);
 * default error 'Address lookup failed'.
 */
export function reverseGeocode(lat: number, lon: number, sessionId?: string, signal?: AbortSignal) {
  return apiRequest('/api/maps/reverse', {
    query: { lat, lon, sessionId },
    schema: 'reverseResponseSchema',
    fallbackError: MAPS_MESSAGES.reverseFailed,
    auth: 'optional',
    ...(signal ? { signal } : {}),
  });
}

/** GET /api/maps/timezone?lat&lon&sessionId → { timeZoneId }; default error 'Time zone lookup failed'. */
export function getTimezone(lat: number, lon: number, sessionId?: string, signal?: AbortSignal) {
  return apiRequest('/api/maps/timezone', {
    query: { lat, lon, sessionId },
    schema: 'timezoneResponseSchema',
    fallbackError: MAPS_MESSAGES.timezoneFailed,
    auth: 'optional',
    ...(signal ? { signal } : {}),
  });
}

export interface TravelTimesParams extends Partial<RouteOptions> {
  olat: number;
  olon: number;
  dlat: number;
  dlon: number;
  sessionId?: string;
  /** ISO date-time to arrive at; give this or `departAt`, not both (default: departing now). */
  arriveAt?: string;
  departAt?: string;
  signal?: AbortSignal;
}

/**
 * GET /api/maps/traveltimes?olat&olon&dlat&dlon&sessionId[&arriveAt|departAt][&mode&routeType&avoidTolls]
 * → { summary }; default error 'Travel time lookup failed' (422 "Couldn't calculate route." comes from the server).
 */
export function getTravelTimes({ travelMode, signal, ...query }: TravelTimesParams) {
  return apiRequest('/api/maps/traveltimes', {
    query: { ...query, mode: travelMode },
    schema: 'travelTimesResponseSchema',
    fallbackError: MAPS_MESSAGES.travelFailed,
    auth: 'optional',
    ...(signal ? { signal } : {}),
  });
}

/**
 * GET /api/maps/token for a session page: asked once per page (no retry: the offline map shows at
 * once), never refetched behind the user's back; the Azure SDK asks for fresh tokens itself.
 */
export const mapTokenQuery = (sessionId: string | undefined) =>
  queryOptions({
    queryKey: queryKeys.mapToken(sessionId ?? null),
    queryFn: ({ signal }) => getMapToken(sessionId, signal),
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

/** Previewed travel times are fresh enough for this long (the server caches cells for 15 min). */
const PREVIEW_STALE_MS = 5 * 60_000;

/** GET /api/maps/traveltimes for the editor's preview, departing now, per rounded origin and destination. */
export const travelPreviewQuery = (
  { olat, olon, dlat, dlon }: { olat: number; olon: number; dlat: number; dlon: number },
  sessionId?: string,
) =>
  queryOptions({
    queryKey: queryKeys.travelPreview(olat, olon, dlat, dlon),
    staleTime: PREVIEW_STALE_MS,
    queryFn: ({ signal }) =>
      getTravelTimes({ olat, olon, dlat, dlon, signal, ...(sessionId ? { sessionId } : {}) }),
  });
