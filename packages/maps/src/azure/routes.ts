/**
 * Travel times from Azure Maps, choosing the API per call:
 * - car/walking, 2+ origins, routeType 'fastest' → one synchronous Route Matrix call
 *   (2025-01-01; strategy 'matrix').
 * - car/walking, a single origin → Route Directions 2025-01-01 (strategy 'directions').
 * - car/walking with routeType 'shortest' → Route Directions per origin, because the sync matrix
 *   only offers optimizeRoute 'fastest' (strategy 'directions').
 * - bicycle → Route Directions 1.0 per origin with travelMode=bicycle: the 2025-01-01 route APIs
 *   have no bicycle mode (driving, truck, walking only); 1.0 is the older, deprecated version
 *   (strategy 'directions').
 * Per-origin calls run DIRECTIONS_CONCURRENCY at a time. A cell that Azure cannot route (a per-cell
 * error in the matrix, or a 4xx answer to one directions call) becomes `{ ok: false }`; auth
 * failures and exhausted retries throw ProviderError for the whole call.
 */
import type { Position } from '@oneeta/contracts';
import { assertWithinCellLimit } from '../limits.js';
import type { MatrixAnswer, MatrixCell, MatrixOptions } from '../port.js';
import type { AzureMapsClient } from './client.js';
import { describeErrorBody, type RequestCounter } from './http.js';
import {
  bicycleDirectionsAnswer,
  bicycleDirectionsQuery,
  directionsAnswer,
  directionsBody,
  matrixAnswer,
  matrixBody,
  ROUTE_API_VERSION,
} from './wire.js';

export const DIRECTIONS_CONCURRENCY = 4;

const failed = (error: string): MatrixCell => ({
  ok: false,
  travelTimeSeconds: null,
  distanceMeters: null,
  error,
});
const succeeded = (seconds: number, meters: number): MatrixCell => ({
  ok: true,
  travelTimeSeconds: Math.round(seconds),
  distanceMeters: Math.round(meters),
});

export async function azureMatrix(
  client: AzureMapsClient,
  origins: Position[],
  destination: Position,
  options: MatrixOptions,
): Promise<MatrixAnswer> {
  assertWithinCellLimit(origins.length);
  const counter: RequestCounter = { count: 0 };
  if (origins.length === 0) return { cells: [], strategy: 'matrix', providerRequests: 0 };
  const { mode } = options;
  if (mode === 'bicycle') {
    const cells = await eachOrigin(origins, (o) =>
      bicycleCell(client, o, destination, options, counter),
    );
    return { cells, strategy: 'directions', providerRequests: counter.count };
  }
  const driveOrWalk = { ...options, mode };
  if (origins.length === 1 || options.routeType === 'shortest') {
    const cells = await eachOrigin(origins, (o) =>
      directionsCell(client, o, destination, driveOrWalk, counter),
    );
    return { cells, strategy: 'directions', providerRequests: counter.count };
  }
  const answer = await client.callOk(
    {
      what: 'route matrix',
      method: 'POST',
      path: '/route/matrix',
      query: { 'api-version': ROUTE_API_VERSION },
      body: matrixBody(origins, destination, driveOrWalk),
    },
    matrixAnswer,
    counter,
  );
  const cells = origins.map(() => failed('Azure Maps returned no result for this origin'));
  for (const item of answer.properties.matrix) {
    if (item.destinationIndex !== 0 || item.originIndex < 0 || item.originIndex >= origins.length)
      continue;
    const seconds = item.durationTrafficInSeconds ?? item.durationInSeconds;
    const status = item.statusCode ?? 200;
    cells[item.originIndex] =
      status === 200 && seconds !== undefined && item.distanceInMeters !== undefined
        ? succeeded(seconds, item.distanceInMeters)
        : failed(
            [item.error?.code, item.error?.message].filter(Boolean).join(': ') ||
              `cell status ${status}`,
          );
  }
  return { cells, strategy: 'matrix', providerRequests: counter.count };
}

async function directionsCell(
  client: AzureMapsClient,
  origin: Position,
  destination: Position,
  options: MatrixOptions & { mode: 'car' | 'walking' },
  counter: RequestCounter,
): Promise<MatrixCell> {
  const what = 'route directions';
  const answer = await client.call(
    {
      what,
      method: 'POST',
      path: '/route/directions',
      query: { 'api-version': ROUTE_API_VERSION },
      body: directionsBody(origin, destination, options),
    },
    counter,
  );
  const problem = cellProblem(client, what, answer.status, answer.body);
  if (problem) return problem;
  const route = client
    .parse(what, directionsAnswer, answer.body)
    .features.map((f) => f.properties)
    .find((p) => p?.type === 'RoutePath');
  const seconds = route?.durationTrafficInSeconds ?? route?.durationInSeconds;
  if (seconds === undefined || route?.distanceInMeters === undefined)
    return failed('Azure Maps returned no route');
  return succeeded(seconds, route.distanceInMeters);
}

async function bicycleCell(
  client: AzureMapsClient,
  origin: Position,
  destination: Position,
  options: MatrixOptions,
  counter: RequestCounter,
): Promise<MatrixCell> {
  const what = 'route directions (1.0, bicycle)';
  const call = {
    what,
    method: 'GET' as const,
    path: '/route/directions/json',
    query: bicycleDirectionsQuery(origin, destination, options),
  };
  const answer = await client.call(call, counter);
  const problem = cellProblem(client, what, answer.status, answer.body);
  if (problem) return problem;
  const summary = client.parse(what, bicycleDirectionsAnswer, answer.body).routes[0]?.summary;
  return summary
    ? succeeded(summary.travelTimeInSeconds, summary.lengthInMeters)
    : failed('Azure Maps returned no route');
}

/** Null for a 2xx; a failed cell for a client error about this route; throws for auth failures. */
function cellProblem(
  client: AzureMapsClient,
  what: string,
  status: number,
  body: unknown,
): MatrixCell | null {
  if (status >= 200 && status <= 299) return null;
  if (status === 401 || status === 403) throw client.error(what, { status, body });
  return failed(describeErrorBody(body) || `HTTP ${status}`);
}

/** Runs `task` for every origin, at most DIRECTIONS_CONCURRENCY at once, keeping the order. */
async function eachOrigin<T>(
  origins: Position[],
  task: (origin: Position) => Promise<T>,
): Promise<T[]> {
  const results = new Array<T>(origins.length);
  let next = 0;
  let stopped = false;
  const worker = async () => {
    while (!stopped && next < origins.length) {
      const index = next++;
      try {
        results[index] = await task(origins[index] as Position);
      } catch (error) {
        stopped = true; // the call fails as a whole; start no further requests
        throw error;
      }
    }
  };
  await Promise.all(
    Array.from({ length: Math.min(DIRECTIONS_CONCURRENCY, origins.length) }, worker),
  );
  return results;
}
