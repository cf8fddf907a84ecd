import type { TravelTimesQuery, TravelTimesResponse } from '@oneeta/contracts';
import type { CellRequest, ResolvedCell } from '@oneeta/maps';

/**
 * The cache cell a traveltimes call asks for: arriving at `arriveAt`, else departing at `departAt`,
 * else departing now.
 */
export function cellRequestOf(query: TravelTimesQuery, now: Date): CellRequest {
  const time: CellRequest['time'] = query.arriveAt
    ? { kind: 'arriveAt', at: new Date(query.arriveAt) }
    : { kind: 'departAt', at: query.departAt ? new Date(query.departAt) : now };
  return {
    origin: { lat: query.olat, lon: query.olon },
    destination: { lat: query.dlat, lon: query.dlon },
    time,
    mode: query.mode,
    routeType: query.routeType,
    avoidTolls: query.avoidTolls,
  };
}

export type TravelSummary = TravelTimesResponse['summary'];

/**
 * The answer for one cell, or null when the cell has no route. Arriving: the arrival is the asked
 * time and the departure that minus the travel time; departing: the arrival is the departure plus it.
 * `strategy` says how the time was obtained (matrix, directions, estimate), `cached` whether this
 * call found it in the cache rather than asking the provider.
 */
export function travelSummary(request: CellRequest, resolved: ResolvedCell): TravelSummary | null {
  const { cell } = resolved;
  if (!cell.ok) return null;
  const at = request.time.at.getTime();
  const travelMs = cell.travelTimeSeconds * 1000;
  const arriving = request.time.kind === 'arriveAt';
  return {
    earliestArrival: { arrivalTime: new Date(arriving ? at : at + travelMs).toISOString() },
    departureTime: new Date(arriving ? at - travelMs : at).toISOString(),
    travelTimeSeconds: cell.travelTimeSeconds,
    distanceMeters: cell.distanceMeters,
    strategy: resolved.strategy,
    cached: resolved.source !== 'provider',
  };
}
