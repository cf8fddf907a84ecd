import { createHash } from 'node:crypto';
import {
  TOPICS,
  type JOBS,
  type QUEUES,
  type RouteMatrixResult,
  type TravelComputedData,
} from '@oneeta/contracts';
import type { MatrixCell, TravelCache } from '@oneeta/maps';
import type { CatalogJob, EventBus } from '@oneeta/service-kit';
import { cellRequests, travelResults, usageOfCall } from '../domain/cells.js';
import { answerOf, unchanged, type EtaAnswer } from '../domain/eta-policy.js';
import type { EtaStateStore } from '../store/eta-state.js';
import { planAsks } from '../actions/plan.js';
import type { WorkerMetrics } from '../providers/metrics.js';
import type { SessionClient } from '../providers/session-client.js';

export interface ProcessorDeps {
  cache: TravelCache;
  bus: Pick<EventBus, 'publish' | 'stage'>;
  sessions: SessionClient;
  metrics: WorkerMetrics;
  /** The cost policy's per-session memory (last answers, last published results). */
  etaState: EtaStateStore;
  /** Ask every participant's cell on every job, as without the cost policy (the benchmark's reference). */
  askEveryTime?: boolean;
  /** The provider's name, for usage records ('offline', 'azure' or 'osm'). */
  provider: string;
  now?: () => Date;
}

/** Progress a running job reports (read by the admin queue snapshot). */
export interface RouteJobProgress {
  participantIds: string[];
}

/**
 * Usage event id: the job and the cells of the call. A cell is written in the same transaction as
 * its usage event, so a retried job finds it cached and does not bill it again; the id makes a
 * replayed event harmless to the admin service's idempotent consumer as well.
 */
export const usageEventId = (jobId: string, keys: string[]) =>
  `route-matrix:${jobId}:${createHash('sha256')
    .update([...keys].sort().join('\n'))
    .digest('hex')
    .slice(0, 32)}`;

type RouteMatrixEntry = (typeof JOBS)[typeof QUEUES.routeMatrix];

/**
 * The one processor of the route-matrix queue: reads the session's current route input and the
 * cost policy's state, asks the cells the policy wants (plus free fillers; one resolve through the
 * cache, so the provider computes only the missing ones, in one call per route), dead-reckons the
 * others, and publishes travel.computed with every participant's result, unless every result
 * equals the one last published.
 */
export function createProcessor(deps: ProcessorDeps) {
  const now = deps.now ?? (() => new Date());
  // createWorker has checked the job's name and parsed its data by the catalog.
  return async function process(job: CatalogJob<RouteMatrixEntry>): Promise<RouteMatrixResult> {
    const { sessionId } = job.data;
    const jobId = job.id ?? 'unknown';
    const empty = (
      outcome: RouteMatrixResult['outcome'],
      participantIds: string[] = [],
    ): RouteMatrixResult => ({
      outcome,
      participantIds,
      cachedKeys: 0,
      cells: 0,
      providerCalls: 0,
      cachedExpiresAt: null,
    });

    const input = await deps.sessions.routeInput(sessionId);
    if (!input) return empty('session_not_found');
    const participantIds = input.participants.map((p) => p.participantId);
    await job.updateProgress({ participantIds } satisfies RouteJobProgress);
    if (!input.destination) return empty('no_destination', participantIds);
    if (participantIds.length === 0) return empty('no_participants');

    const startedAt = now();
    const requests = cellRequests(input, startedAt);
    const state = await deps.etaState.read(sessionId);
    const plan = await planAsks(
      deps.cache,
      input,
      requests,
      deps.askEveryTime ? {} : state.answers,
      startedAt,
    );
    for (const d of plan.decisions) deps.metrics.etaDecisions.inc({ decision: d });
    const askedRequests = plan.asked.map((i) => requests[i]!);
    const { cells, calls } = await deps.cache.resolve(askedRequests, {
      onProviderCall: (call, tx) => {
        deps.bus.stage(
          tx,
          TOPICS.usageRecorded,
          usageOfCall(call, { sessionId, jobId, provider: deps.provider }),
          {
            id: usageEventId(jobId, call.keys),
          },
        );
      },
    });
    const values: MatrixCell[] = plan.values.slice();
    const answers: Record<string, EtaAnswer> = {};
    input.participants.forEach((p) => {
      const last = state.answers[p.participantId];
      if (last) answers[p.participantId] = last;
    });
    plan.asked.forEach((i, n) => {
      const cell = cells[n]!.cell;
      values[i] = cell;
      const id = input.participants[i]!.participantId;
      answers[id] = answerOf(requests[i]!, cell, startedAt, state.answers[id] ?? null);
    });
    const results = travelResults(input, requests, values);
    const same = unchanged(state.published, results);
    if (!same) {
      const data: TravelComputedData = {
        sessionId,
        jobId,
        computedAt: startedAt.toISOString(),
        results,
      };
      await deps.bus.publish(TOPICS.travelComputed, data, {
        id: `travel:${jobId}:${job.attemptsMade}`,
      });
    }
    await deps.etaState.write(sessionId, {
      answers,
      published: same
        ? state.published
        : Object.fromEntries(results.map((r) => [r.participantId, r])),
    });
    deps.metrics.published.inc({ result: same ? 'unchanged' : 'published' });

    const distinct = new Map(cells.map((c) => [c.key, c]));
    const cached = [...distinct.values()].filter((c) => c.source !== 'provider');
    for (const c of distinct.values()) deps.metrics.cells.inc({ source: c.source });
    const reckoned = requests.length - plan.asked.length;
    if (reckoned > 0) deps.metrics.cells.inc({ source: 'reckoned' }, reckoned);
    for (const call of calls) {
      deps.metrics.providerCalls.inc({ strategy: call.strategy });
      deps.metrics.transactions.inc(call.transactions);
      deps.metrics.providerLatency.observe(call.durationMs / 1000);
    }
    const expiries = cached.map((c) => c.expiresAt).sort();
    const outcome = same
      ? 'unchanged'
      : calls.length > 0
        ? 'computed'
        : plan.asked.length > 0
          ? 'all_cached'
          : 'reckoned';
    return {
      outcome,
      participantIds,
      cachedKeys: cached.length,
      reckoned,
      cells: calls.reduce((n, c) => n + c.cells, 0),
      providerCalls: calls.length,
      cachedExpiresAt: expiries[0] ?? null,
    };
  };
}
