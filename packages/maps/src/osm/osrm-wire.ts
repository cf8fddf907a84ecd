/**
 * OSRM HTTP API v1 wire formats (Project-OSRM/osrm-backend docs/http.md): the URLs the adapter
 * builds and the answers it reads. Coordinates go `{lon},{lat}` separated by `;`; every answer has
 * a `code` ('Ok', or an error code with HTTP 400 and an optional `message`).
 */
import type { Position } from '@oneeta/contracts';
import { z } from 'zod';
import { coordinate } from '../coordinate.js';
import type { MatrixOptions } from '../port.js';

/** The profile segment of the URL per travel mode (OSRM's demo-server names). */
export const OSRM_PROFILES = Object.freeze({
  car: 'driving',
  bicycle: 'cycling',
  walking: 'foot',
} as const);
export type OsrmProfile = (typeof OSRM_PROFILES)[keyof typeof OSRM_PROFILES];

/** Error codes that mean "these points cannot be routed" rather than "the request is wrong". */
export const NO_ROUTE_CODES = new Set(['NoRoute', 'NoTable', 'NoSegment']);

export const lonLat = (p: Position): string => `${coordinate(p.lon)},${coordinate(p.lat)}`;

/** The path and query of one OSRM call, relative to the server's base URL. */
export interface OsrmPath {
  path: string;
  query: Array<[string, string]>;
}

/** `exclude=toll` for car trips avoiding tolls (the default car.lua's excludable classes: toll, motorway, ferry). */
export const excludeFor = (options: Pick<MatrixOptions, 'mode' | 'avoidTolls'>): string | null =>
  options.mode === 'car' && options.avoidTolls ? 'toll' : null;

/** GET /route/v1/{profile}/{origin};{destination}?overview=false — one origin. */
export function routePath(
  profile: OsrmProfile,
  origin: Position,
  destination: Position,
  exclude: string | null,
): OsrmPath {
  const query: Array<[string, string]> = [['overview', 'false']];
  if (exclude) query.push(['exclude', exclude]);
  return { path: `route/v1/${profile}/${lonLat(origin)};${lonLat(destination)}`, query };
}

/**
 * GET /table/v1/{profile}/{origins…};{destination}?sources=0;…;n-1&destinations=n
 * &annotations=duration,distance — several origins to one destination.
 */
export function tablePath(
  profile: OsrmProfile,
  origins: Position[],
  destination: Position,
  exclude: string | null,
): OsrmPath {
  const coordinates = [...origins, destination].map(lonLat).join(';');
  const query: Array<[string, string]> = [
    ['sources', origins.map((_, i) => String(i)).join(';')],
    ['destinations', String(origins.length)],
    ['annotations', 'duration,distance'],
  ];
  if (exclude) query.push(['exclude', exclude]);
  return { path: `table/v1/${profile}/${coordinates}`, query };
}

/** GET /nearest/v1/{profile}/{lon},{lat}?number=1 — the start-up check. */
export const nearestPath = (profile: OsrmProfile, at: Position): OsrmPath => ({
  path: `nearest/v1/${profile}/${lonLat(at)}`,
  query: [['number', '1']],
});

/** An OSRM error answer (HTTP 400). */
export const osrmError = z.object({ code: z.string(), message: z.string().optional() });

const cellValue = z.number().nonnegative().nullable();

export const tableAnswer = z.object({
  code: z.literal('Ok'),
  durations: z.array(z.array(cellValue)),
  distances: z.array(z.array(cellValue)),
});

export const routeAnswer = z.object({
  code: z.literal('Ok'),
  routes: z.array(
    z.object({ duration: z.number().nonnegative(), distance: z.number().nonnegative() }),
  ),
});

export const nearestAnswer = z.object({ code: z.literal('Ok'), waypoints: z.array(z.unknown()) });

/** The input index in OSRM's NoSegment message ('Could not find a matching segment for coordinate 3'). */
export function noSegmentIndex(message: string | undefined): number | null {
  const match = /coordinate (\d+)\b/.exec(message ?? '');
  return match ? Number(match[1]) : null;
}
