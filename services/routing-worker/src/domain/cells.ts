/**
 * Pure rules of a route-matrix job: which cells a session needs, and what each participant's
 * travel result is once the cells are known.
 *
 * Time: when the session has an arrival time still ahead, every cell is an `arriveAt` cell for that
 * time (the provider plans backwards from it, and the participant must leave by arriveAt − travel
 * time); otherwise (no time yet, or it has passed) cells are `departAt` now, and the arrival is now +
 * travel time.
 */
import type { RouteInput, TravelResult, UsageRecordedData } from '@oneeta/contracts';
import type { CellRequest, MatrixCell, ProviderCall } from '@oneeta/maps';

export function cellTime(arriveAt: string | null, now: Date): CellRequest['time'] {
  const at = arriveAt === null ? null : new Date(arriveAt);
  return at !== null && at.getTime() > now.getTime()
    ? { kind: 'arriveAt', at }
    : { kind: 'departAt', at: now };
}

/** One cell per positioned participant, aligned with `input.participants`; none without a destination. */
export function cellRequests(input: RouteInput, now: Date): CellRequest[] {
  const { destination } = input;
  if (!destination) return [];
  const time = cellTime(input.arriveAt, now);
  return input.participants.map((p) => ({
    origin: { lat: p.lat, lon: p.lon },
    destination,
    time,
    mode: p.routeOptions.travelMode,
    routeType: p.routeOptions.routeType,
    avoidTolls: p.routeOptions.avoidTolls,
  }));
}

/**
 * Each participant's result from its cell (asked or reckoned): departure and arrival from the cell's
 * time and travel time.
 */
export function travelResults(
  input: RouteInput,
  requests: CellRequest[],
  cells: MatrixCell[],
): TravelResult[] {
  return input.participants.map((p, i) => {
    const cell = cells[i]!;
    const { time } = requests[i]!;
    if (!cell.ok) {
      return {
        participantId: p.participantId,
        ok: false,
        travelTimeSeconds: null,
        distanceMeters: null,
        departureTime: null,
        arrivalTime: null,
      };
    }
    const travelMs = cell.travelTimeSeconds * 1000;
    const departure = time.kind === 'arriveAt' ? new Date(time.at.getTime() - travelMs) : time.at;
    const arrival = time.kind === 'arriveAt' ? time.at : new Date(time.at.getTime() + travelMs);
    return {
      participantId: p.participantId,
      ok: true,
      travelTimeSeconds: cell.travelTimeSeconds,
      distanceMeters: cell.distanceMeters,
      departureTime: departure.toISOString(),
      arrivalTime: arrival.toISOString(),
    };
  });
}

/** The usage record of one provider call made for a job (one `usage.recorded` per call). */
export function usageOfCall(
  call: ProviderCall,
  ctx: { sessionId: string; jobId: string; provider: string },
): UsageRecordedData {
  const { options } = call;
  const time =
    'arriveAt' in options && options.arriveAt
      ? { arriveAt: options.arriveAt.toISOString() }
      : { departAt: options.departAt!.toISOString() };
  return {
    event: 'travel_times',
    origin: 'route-matrix',
    sessionId: ctx.sessionId,
    jobId: ctx.jobId,
    request: {
      origins: call.origins,
      destination: call.destination,
      ...time,
      mode: options.mode,
      routeType: options.routeType,
      avoidTolls: options.avoidTolls,
      originCount: call.origins.length,
    },
    result: {
      cells: call.cells,
      okCells: call.okCells,
      bestByTravelTime: { travelTimeSeconds: call.bestTravelTimeSeconds },
    },
    metrics: {
      providerRequests: call.providerRequests,
      provider: ctx.provider,
      strategy: call.strategy,
      durationMs: Math.round(call.durationMs),
      cells: call.cells,
      transactions: call.transactions,
    },
  };
}
