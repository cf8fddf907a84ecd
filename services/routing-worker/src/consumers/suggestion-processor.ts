import {
  TOPICS,
  type JOBS,
  type QUEUES,
  type SuggestionMatrixInput,
  type SuggestionMatrixJobResult,
  type UsageRecordedData,
} from '@oneeta/contracts';
import type { CellRequest, MapsProvider, TravelCache } from '@oneeta/maps';
import type { CatalogJob, EventBus } from '@oneeta/service-kit';
import { usageOfCall } from '../domain/cells.js';
import type { WorkerMetrics } from '../providers/metrics.js';
import type { SessionClient } from '../providers/session-client.js';
import { usageEventId } from './processor.js';

export interface SuggestionProcessorDeps {
  cache: TravelCache;
  /** The provider's nearby search, for a kind of place ('category' suggestions). */
  maps: Pick<MapsProvider, 'name' | 'nearby'>;
  bus: Pick<EventBus, 'publish' | 'stage'>;
  sessions: SessionClient;
  metrics: WorkerMetrics;
  now?: () => Date;
}

type SuggestionEntry = (typeof JOBS)[typeof QUEUES.suggestionMatrix];
type Candidate = SuggestionMatrixInput['candidates'][number];

/**
 * The processor of the suggestion-matrix queue: reads the suggestion's input from the session
 * service, finds the places first for a kind of place (the provider's nearby search around the
 * group's centre), then resolves every participant × candidate cell (leaving now) through the same
 * travel cache as session travel, so the provider computes only the missing cells, one call per
 * candidate and options, each call billed in `usage.recorded` with the cells it wrote; and posts
 * the matrix back. A suggestion gone meanwhile ends the job ('gone').
 */
export function createSuggestionProcessor(deps: SuggestionProcessorDeps) {
  const now = deps.now ?? (() => new Date());
  return async function process(
    job: CatalogJob<SuggestionEntry>,
  ): Promise<SuggestionMatrixJobResult> {
    const { sessionId, suggestionId } = job.data;
    const jobId = job.id ?? suggestionId;
    const input = await deps.sessions.suggestionInput(sessionId, suggestionId);
    if (!input)
      return {
        outcome: 'gone',
        origins: 0,
        candidates: 0,
        cachedKeys: 0,
        cells: 0,
        providerCalls: 0,
      };
    const startedAt = now();
    const candidates = input.search
      ? await search(input.search, { sessionId, jobId })
      : input.candidates;
    const { origins } = input;
    const requests: CellRequest[] = candidates.flatMap((c) =>
      origins.map((o) => ({
        origin: { lat: o.lat, lon: o.lon },
        destination: c.position,
        time: { kind: 'departAt' as const, at: startedAt },
        mode: o.routeOptions.travelMode,
        routeType: o.routeOptions.routeType,
        avoidTolls: o.routeOptions.avoidTolls,
      })),
    );
    const { cells, calls } = await deps.cache.resolve(requests, {
      onProviderCall: (call, tx) =>
        deps.bus.stage(
          tx,
          TOPICS.usageRecorded,
          usageOfCall(call, { sessionId, jobId, provider: deps.maps.name }),
          { id: usageEventId(jobId, call.keys) },
        ),
    });
    const travel = candidates.map((_, c) =>
      origins.map((_, p) => {
        const { cell } = cells[c * origins.length + p]!;
        return cell.ok ? cell.travelTimeSeconds : null;
      }),
    );
    const stored = await deps.sessions.postSuggestionMatrix(sessionId, suggestionId, {
      jobId,
      computedAt: startedAt.toISOString(),
      participantIds: origins.map((o) => o.participantId),
      candidates,
      travel,
    });

    const distinct = new Map(cells.map((c) => [c.key, c]));
    for (const c of distinct.values()) deps.metrics.cells.inc({ source: c.source });
    for (const call of calls) {
      deps.metrics.providerCalls.inc({ strategy: call.strategy });
      deps.metrics.transactions.inc(call.transactions);
      deps.metrics.providerLatency.observe(call.durationMs / 1000);
    }
    return {
      outcome:
        stored === 'gone'
          ? 'gone'
          : origins.length === 0
            ? 'no_origins'
            : calls.length > 0
              ? 'computed'
              : 'all_cached',
      origins: origins.length,
      candidates: candidates.length,
      cachedKeys: [...distinct.values()].filter((c) => c.source !== 'provider').length,
      cells: calls.reduce((n, c) => n + c.cells, 0),
      providerCalls: calls.length,
    };
  };

  /** The places of a kind around the group's centre, as candidates; the search is recorded as usage. */
  async function search(
    query: NonNullable<SuggestionMatrixInput['search']>,
    ids: { sessionId: string; jobId: string },
  ): Promise<Candidate[]> {
    const started = performance.now();
    const found = await deps.maps.nearby({
      category: query.category,
      near: query.centre,
      radiusMeters: query.radiusMeters,
      limit: query.limit,
    });
    const usage: UsageRecordedData = {
      event: 'search',
      origin: 'route-matrix',
      sessionId: ids.sessionId,
      jobId: ids.jobId,
      request: { category: query.category, near: query.centre, radiusMeters: query.radiusMeters },
      result: { numResults: found.length },
      metrics: {
        providerRequests: deps.maps.name === 'offline' ? 0 : 1,
        provider: deps.maps.name,
        strategy: 'nearby',
        durationMs: Math.round(performance.now() - started),
      },
    };
    // A retried job records its search once: the event id is the job's.
    await deps.bus.publish(TOPICS.usageRecorded, usage, { id: `suggestion-search:${ids.jobId}` });
    return found.slice(0, query.limit).map((r) => ({
      id: r.id,
      name: r.poi?.name ?? r.address.freeformAddress,
      address: r.address.freeformAddress,
      position: { lat: r.position.lat, lon: r.position.lon },
    }));
  }
}
