/**
 * Travel times from OSRM. One origin: the route service (strategy 'directions'); several: the table
 * service (strategy 'matrix'), origins split into requests of at most `maxTableSize` coordinates
 * (origins + the destination), answered in order and aligned by index.
 *
 * A cell OSRM cannot route — a `null` table entry, or a 400 answer NoRoute / NoTable / NoSegment —
 * becomes `{ ok: false }` with the product's no-route message; when OSRM names the origin that
 * does not snap to a road (NoSegment, 'coordinate N'), that origin fails and the rest are asked
 * again. Any other error answer (TooBig, InvalidQuery, …) and exhausted retries throw ProviderError.
 * OSRM knows no traffic and no time of day: arriveAt/departAt and routeType are not sent.
 */
import { MAPS_MESSAGES, type Position } from '@oneeta/contracts';
import type { HttpAnswer, RequestCounter } from '../http.js';
import type { MatrixCell, MatrixOptions } from '../port.js';
import type { EngineClient } from './engine.js';
import {
  excludeFor,
  nearestAnswer,
  nearestPath,
  NO_ROUTE_CODES,
  noSegmentIndex,
  OSRM_PROFILES,
  osrmError,
  routeAnswer,
  routePath,
  tableAnswer,
  tablePath,
  type OsrmPath,
  type OsrmProfile,
} from './osrm-wire.js';

type Mode = MatrixOptions['mode'];

/** The cell of an origin OSRM cannot route to the destination. */
export const noRouteCell = (): MatrixCell => ({
  ok: false,
  travelTimeSeconds: null,
  distanceMeters: null,
  error: MAPS_MESSAGES.noRoute,
});
const routed = (seconds: number, meters: number): MatrixCell => ({
  ok: true,
  travelTimeSeconds: Math.round(seconds),
  distanceMeters: Math.round(meters),
});

const TOO_BIG_HINT =
  ". Set OSRM_MAX_TABLE_SIZE to the server's --max-table-size (counted as origins + destination)";

export class OsrmRouter {
  /** Base URLs whose profile refused `exclude=toll` (InvalidValue): tolls are not avoided there. */
  private readonly noTollClass = new Set<string>();

  constructor(
    private readonly clients: Record<Mode, EngineClient>,
    private readonly maxTableSize: number,
  ) {}

  client(mode: Mode): EngineClient {
    return this.clients[mode];
  }

  async matrix(
    origins: Position[],
    destination: Position,
    options: MatrixOptions,
    counter: RequestCounter,
  ): Promise<{ cells: MatrixCell[]; strategy: 'matrix' | 'directions' }> {
    const client = this.clients[options.mode];
    const profile = OSRM_PROFILES[options.mode];
    const exclude = excludeFor(options);
    if (origins.length === 1) {
      const cell = await this.route(
        client,
        profile,
        origins[0] as Position,
        destination,
        exclude,
        counter,
      );
      return { cells: [cell], strategy: 'directions' };
    }
    const cells: MatrixCell[] = origins.map(noRouteCell);
    const perRequest = this.maxTableSize - 1;
    for (let start = 0; start < origins.length; start += perRequest) {
      const indices = origins.slice(start, start + perRequest).map((_, i) => start + i);
      const reachable = await this.table(
        client,
        profile,
        origins,
        indices,
        destination,
        exclude,
        cells,
        counter,
      );
      if (!reachable) break; // the destination itself does not snap: every cell stays no-route
    }
    return { cells, strategy: 'matrix' };
  }

  /** The start-up check of one server: /nearest answers (Ok, or NoSegment on an empty area). */
  async probe(mode: Mode, counter: RequestCounter): Promise<void> {
    const client = this.clients[mode];
    const { path, query } = nearestPath(OSRM_PROFILES[mode], { lat: 0, lon: 0 });
    const answer = await client.get('nearest', path, query, counter);
    if (answer.status === 400 && osrmError.safeParse(answer.body).data?.code === 'NoSegment')
      return;
    if (answer.status !== 200) throw client.error('nearest', answer);
    client.parse('nearest', nearestAnswer, answer.body);
  }

  private async route(
    client: EngineClient,
    profile: OsrmProfile,
    origin: Position,
    destination: Position,
    exclude: string | null,
    counter: RequestCounter,
  ): Promise<MatrixCell> {
    const answer = await this.send(
      client,
      'route',
      (x) => routePath(profile, origin, destination, x),
      exclude,
      counter,
    );
    if (answer.status === 200) {
      const route = client.parse('route', routeAnswer, answer.body).routes[0];
      return route ? routed(route.duration, route.distance) : noRouteCell();
    }
    if (NO_ROUTE_CODES.has(errorCode(answer) ?? '')) return noRouteCell();
    throw client.error('route', answer);
  }

  /**
   * Fills `cells` at `indices` from table requests; false when the destination does not snap.
   * NoSegment naming an origin fails that origin and asks again without it.
   */
  private async table(
    client: EngineClient,
    profile: OsrmProfile,
    origins: Position[],
    indices: number[],
    destination: Position,
    exclude: string | null,
    cells: MatrixCell[],
    counter: RequestCounter,
  ): Promise<boolean> {
    let remaining = indices;
    while (remaining.length > 0) {
      const sources = remaining.map((i) => origins[i] as Position);
      const answer = await this.send(
        client,
        'table',
        (x) => tablePath(profile, sources, destination, x),
        exclude,
        counter,
      );
      if (answer.status === 200) {
        const { durations, distances } = client.parse('table', tableAnswer, answer.body);
        if (durations.length !== sources.length || distances.length !== sources.length)
          throw client.unexpected(
            'table',
            `(${durations.length} rows for ${sources.length} sources)`,
          );
        remaining.forEach((index, row) => {
          const seconds = durations[row]?.[0];
          const meters = distances[row]?.[0];
          cells[index] =
            typeof seconds === 'number' && typeof meters === 'number'
              ? routed(seconds, meters)
              : noRouteCell();
        });
        return true;
      }
      const code = errorCode(answer);
      if (code === 'TooBig') throw client.error('table', answer, TOO_BIG_HINT);
      if (code === 'NoTable' || code === 'NoRoute') return true; // cells stay no-route
      if (code !== 'NoSegment') throw client.error('table', answer);
      const at = noSegmentIndex(osrmError.safeParse(answer.body).data?.message);
      if (at === null || at >= remaining.length) return false;
      remaining = remaining.filter((_, i) => i !== at); // that origin stays no-route
    }
    return true;
  }

  /** Sends, dropping `exclude` (once per server) when the server's profile cannot exclude it. */
  private async send(
    client: EngineClient,
    what: string,
    build: (exclude: string | null) => OsrmPath,
    exclude: string | null,
    counter: RequestCounter,
  ): Promise<HttpAnswer> {
    const wanted = exclude && !this.noTollClass.has(client.baseUrl) ? exclude : null;
    const first = build(wanted);
    const answer = await client.get(what, first.path, first.query, counter);
    const error = answer.status === 400 ? osrmError.safeParse(answer.body).data : undefined;
    if (!wanted || error?.code !== 'InvalidValue' || !/exclude/i.test(error.message ?? ''))
      return answer;
    this.noTollClass.add(client.baseUrl);
    const again = build(null);
    return client.get(what, again.path, again.query, counter);
  }
}

function errorCode(answer: HttpAnswer): string | undefined {
  return answer.status === 400 ? osrmError.safeParse(answer.body).data?.code : undefined;
}
