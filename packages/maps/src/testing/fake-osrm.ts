/**
 * A local stand-in for an OSRM server (osrm-routed, HTTP API v1, docs/http.md) answering the route,
 * table and nearest services the `osm` adapter uses, in OSRM's wire format: `{code:'Ok', …}`, or
 * HTTP 400 `{code, message}` (InvalidUrl, InvalidService, InvalidVersion, InvalidQuery,
 * InvalidValue, InvalidOptions, NoSegment, NoRoute, TooBig). Travel times: the haversine distance
 * × FAKE_OSRM_CIRCUITY at FAKE_OSRM_SPEEDS per profile (foot < cycling < driving).
 *
 * Table size: more than `maxTableSize` coordinates in one table request answer TooBig (stricter
 * than osrm-routed, which refuses sources × destinations > max², so what passes here passes there).
 * Profiles: like the OSRM demo server, the URL's profile picks the speeds; `profile` pins one,
 * as a single osrm-routed process serves the dataset it was started with whatever the URL says.
 */
import type { Position } from '@oneeta/contracts';
import type { FastifyReply } from 'fastify';
import { haversineMeters } from '../offline/estimate.js';
import { createFakeEngine, type FakeEngineControls } from './fake-engine.js';

export type FakeOsrmProfile = 'driving' | 'cycling' | 'foot';

/** Metres per second per profile: 50 km/h, 16 km/h, 5 km/h. */
export const FAKE_OSRM_SPEEDS: Readonly<Record<FakeOsrmProfile, number>> = Object.freeze({
  driving: 50 / 3.6,
  cycling: 16 / 3.6,
  foot: 5 / 3.6,
});
/** Road distance over straight-line distance. */
export const FAKE_OSRM_CIRCUITY = 1.3;
/** Classes each profile can exclude (car.lua: toll, motorway, ferry; bicycle.lua and foot.lua: none). */
const EXCLUDABLE: Record<FakeOsrmProfile, string[]> = {
  driving: ['toll', 'motorway', 'ferry'],
  cycling: [],
  foot: [],
};

export interface FakeOsrmOptions {
  /** Most coordinates in one table request (default 100, osrm-routed's --max-table-size). */
  maxTableSize?: number;
  /** Serve this profile whatever the URL says (one osrm-routed process). */
  profile?: FakeOsrmProfile;
  /** Points with no route to or from them: table cells null, route NoRoute. */
  unroutable?: Position[];
  /** Points off the road network: NoSegment naming the first such coordinate. */
  unsnappable?: Position[];
}

export interface FakeOsrm extends FakeEngineControls {
  url: string;
  close(): Promise<void>;
}

const GENERAL_OPTIONS = [
  'bearings',
  'radiuses',
  'generate_hints',
  'hints',
  'approaches',
  'exclude',
  'snapping',
  'skip_waypoints',
];
const SERVICE_OPTIONS: Record<string, string[]> = {
  route: [
    'alternatives',
    'steps',
    'annotations',
    'geometries',
    'overview',
    'continue_straight',
    'waypoints',
  ],
  table: [
    'sources',
    'destinations',
    'annotations',
    'fallback_speed',
    'fallback_coordinate',
    'scale_factor',
  ],
  nearest: ['number'],
};

class OsrmError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const same = (a: Position, b: Position) =>
  Math.abs(a.lat - b.lat) < 1e-6 && Math.abs(a.lon - b.lon) < 1e-6;
const round1 = (x: number) => Math.round(x * 10) / 10;

/** Trip length and time between two points for a profile (0 for the same point). */
export function fakeOsrmTrip(profile: FakeOsrmProfile, from: Position, to: Position) {
  const distance = haversineMeters(from, to) * FAKE_OSRM_CIRCUITY;
  return { distance: round1(distance), duration: round1(distance / FAKE_OSRM_SPEEDS[profile]) };
}

function parseCoordinates(text: string): Position[] {
  const points = text.split(';').map((pair) => {
    const parts = pair.split(',');
    const [lon, lat] = parts.map(Number) as [number, number];
    if (parts.length !== 2 || !Number.isFinite(lon) || !Number.isFinite(lat))
      throw new OsrmError(
        'InvalidUrl',
        `URL string malformed close to position ${text.indexOf(pair)}: "${pair}"`,
      );
    if (Math.abs(lon) > 180 || Math.abs(lat) > 90)
      throw new OsrmError('InvalidValue', 'Invalid coordinate value.');
    return { lat, lon };
  });
  return points;
}

function indexList(text: string | undefined, count: number, name: string): number[] {
  if (text === undefined || text === 'all') return Array.from({ length: count }, (_, i) => i);
  const list = text.split(';').map(Number);
  if (list.some((i) => !Number.isInteger(i) || i < 0 || i >= count))
    throw new OsrmError('InvalidOptions', `${name} indices must be in the range 0 to ${count - 1}`);
  return list;
}

const waypoint = (p: Position) => ({
  hint: 'fake',
  distance: 0,
  name: '',
  location: [p.lon, p.lat],
});

/** Starts the fake on 127.0.0.1 on a free port. */
export async function startFakeOsrm(options: FakeOsrmOptions = {}): Promise<FakeOsrm> {
  const maxTableSize = options.maxTableSize ?? 100;
  const unroutable = options.unroutable ?? [];
  const unsnappable = options.unsnappable ?? [];
  const { app, controls } = createFakeEngine((status, message) => ({
    code: status === 400 ? 'InvalidQuery' : status === 429 ? 'TooManyRequests' : 'InternalError',
    message,
  }));
  const isUnroutable = (p: Position) => unroutable.some((u) => same(u, p));

  function answer(
    service: string,
    profile: FakeOsrmProfile,
    points: Position[],
    query: Record<string, string>,
  ) {
    const allowed = [...GENERAL_OPTIONS, ...(SERVICE_OPTIONS[service] ?? [])];
    const unknown = Object.keys(query).find((k) => !allowed.includes(k));
    if (unknown)
      throw new OsrmError('InvalidQuery', `Query string malformed close to position ${unknown}`);
    for (const cls of query.exclude?.split(',') ?? [])
      if (!EXCLUDABLE[profile].includes(cls))
        throw new OsrmError('InvalidValue', 'Exclude flag combination is not supported.');
    if (service === 'table' && points.length > maxTableSize)
      throw new OsrmError('TooBig', 'Too many table coordinates');
    const off = points.findIndex((p) => unsnappable.some((u) => same(u, p)));
    if (off >= 0)
      throw new OsrmError('NoSegment', `Could not find a matching segment for coordinate ${off}`);
    if (service === 'nearest') {
      if (points.length !== 1)
        throw new OsrmError('InvalidOptions', 'Only one input coordinate is supported');
      return { code: 'Ok', waypoints: [{ ...waypoint(points[0] as Position), nodes: [1, 2] }] };
    }
    if (service === 'route') {
      if (points.length < 2)
        throw new OsrmError('InvalidOptions', 'Number of coordinates needs to be at least two.');
      if (points.some(isUnroutable))
        throw new OsrmError('NoRoute', 'No route found between points');
      const legs = points.slice(1).map((to, i) => fakeOsrmTrip(profile, points[i] as Position, to));
      const distance = round1(legs.reduce((s, l) => s + l.distance, 0));
      const duration = round1(legs.reduce((s, l) => s + l.duration, 0));
      return {
        code: 'Ok',
        routes: [
          {
            distance,
            duration,
            weight: duration,
            weight_name: 'routability',
            legs: legs.map((l) => ({ ...l, weight: l.duration, summary: '', steps: [] })),
          },
        ],
        waypoints: points.map(waypoint),
      };
    }
    const sources = indexList(query.sources, points.length, 'sources');
    const destinations = indexList(query.destinations, points.length, 'destinations');
    const annotations = (query.annotations ?? 'duration').split(',');
    if (annotations.some((a) => a !== 'duration' && a !== 'distance'))
      throw new OsrmError(
        'InvalidOptions',
        'annotations must be duration, distance or duration,distance',
      );
    const cell = (s: number, d: number, key: 'duration' | 'distance') => {
      const [from, to] = [points[s] as Position, points[d] as Position];
      if (s !== d && (isUnroutable(from) || isUnroutable(to))) return null;
      return fakeOsrmTrip(profile, from, to)[key];
    };
    const table = (key: 'duration' | 'distance') =>
      sources.map((s) => destinations.map((d) => cell(s, d, key)));
    return {
      code: 'Ok',
      ...(annotations.includes('duration') ? { durations: table('duration') } : {}),
      ...(annotations.includes('distance') ? { distances: table('distance') } : {}),
      sources: sources.map((i) => waypoint(points[i] as Position)),
      destinations: destinations.map((i) => waypoint(points[i] as Position)),
    };
  }

  app.get('/*', async (req, reply: FastifyReply) => {
    const path = (req.params as { '*': string })['*'].replace(/\.json$/, '');
    const [service = '', version = '', urlProfile = '', coordinates = '', ...rest] =
      path.split('/');
    try {
      if (!coordinates || rest.length > 0)
        throw new OsrmError('InvalidUrl', `URL string malformed close to position 0: "/${path}"`);
      if (!(service in SERVICE_OPTIONS))
        throw new OsrmError('InvalidService', `Service ${service} not found!`);
      if (version !== 'v1') throw new OsrmError('InvalidVersion', `Service ${service} not found!`);
      const profile = options.profile ?? (urlProfile as FakeOsrmProfile);
      if (!(profile in FAKE_OSRM_SPEEDS))
        throw new OsrmError('InvalidUrl', `Unknown profile ${urlProfile}`);
      return answer(
        service,
        profile,
        parseCoordinates(decodeURIComponent(coordinates)),
        req.query as Record<string, string>,
      );
    } catch (error) {
      if (!(error instanceof OsrmError)) throw error;
      return reply.code(400).send({ code: error.code, message: error.message });
    }
  });

  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url, ...controls, close: () => app.close() };
}
