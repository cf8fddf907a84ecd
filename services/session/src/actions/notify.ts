import {
  JOBS,
  planSchema,
  QUEUES,
  ROUTE_JOB_PRIORITY,
  TOPICS,
  type RouteMatrixJob,
  type SessionChangedData,
} from '@oneeta/contracts';
import type { Database, Outbox, OutboxInput } from '@oneeta/service-kit';
import { isClosed } from '../domain/access.js';
import { scheduleOf } from '../domain/schedule.js';
import {
  changesOf,
  FRAME_ONLY_REASONS,
  sessionAggregate,
  type Touched,
} from '../domain/session-changes.js';
import { createSessionsStore } from '../store/sessions-store.js';

export interface NotifierDeps {
  outbox: Outbox;
  /** ROUTE_JOB_DEBOUNCE_MS: how far ahead a session's route job is scheduled. */
  routeJobDelayMs: number;
  /** ROUTE_COALESCE_MS: how far ahead a route job for a position update is scheduled (later moves join it). */
  routeCoalesceMs?: number;
}

/**
 * Records, in the transaction `tx` of a session's change, what the change implies: when travel
 * inputs changed a route-matrix job, then `session.changed` on the bus (durable, for the admin
 * projection; its data read inside the transaction), `session.schedule` (the reminders' input) and
 * one `refresh-session` frame on the session's pub/sub channel (the /ws hub fans it out) carrying
 * the session's new revision and, when the change says whom it `touched`, the change itself. The
 * outbox relay delivers them after the commit.
 *
 * The job is one per session (BullMQ deduplication on `session:{id}`). A move schedules it
 * ROUTE_COALESCE_MS ahead and the moves after it join it, since the worker reads the session's
 * current input when it starts; any other change replaces a job still waiting with one
 * ROUTE_JOB_DEBOUNCE_MS ahead. A change while the job runs is kept (`keepLastIfActive`): one
 * follow-up job starts when the running one finishes. Premium and enterprise sessions get a higher priority.
 */
export function createNotifier(deps: NotifierDeps) {
  const job = JOBS[QUEUES.routeMatrix];
  return async function notify(
    tx: Database,
    sessionId: string,
    reason: string,
    route?: RouteMatrixJob['reason'],
    touched?: Touched,
  ): Promise<void> {
    const loaded = await createSessionsStore(tx).load(sessionId);
    const aggregate = sessionAggregate(sessionId);
    const messages: OutboxInput[] = [];
    if (route) {
      const data: RouteMatrixJob = {
        sessionId,
        reason: route,
        requestedAt: new Date().toISOString(),
      };
      const plan = planSchema.safeParse(loaded?.session.ownerPlan).data ?? 'free';
      messages.push({
        aggregate,
        kind: 'job',
        queue: job.queue,
        name: job.name,
        data,
        // A move waits out the coalescing window (the moves after it join the job); any other
        // change replaces a job still waiting and goes after the short debounce.
        opts:
          route === 'location'
            ? {
                delay: deps.routeCoalesceMs ?? deps.routeJobDelayMs,
                priority: ROUTE_JOB_PRIORITY[plan],
                deduplication: { id: `session:${sessionId}`, keepLastIfActive: true },
              }
            : {
                delay: deps.routeJobDelayMs,
                priority: ROUTE_JOB_PRIORITY[plan],
                deduplication: {
                  id: `session:${sessionId}`,
                  replace: true,
                  keepLastIfActive: true,
                },
              },
      });
    }
    // A move alone, or a suggestion or vote, changes nothing session.changed or session.schedule
    // carry (count, closing, leave-by times, arrivals): only its frame (and route job) go out.
    if (loaded && !FRAME_ONLY_REASONS.has(reason)) {
      const data: SessionChangedData = {
        sessionId,
        creatorUserId: loaded.session.creatorUserId,
        isClosed: isClosed(loaded.session),
        closedAt: loaded.session.closedAt?.toISOString() ?? null,
        participantCount: loaded.participants.filter((p) => p.status === 'active').length,
        reason,
      };
      messages.push({ aggregate, kind: 'event', topic: TOPICS.sessionChanged, data });
      // The reminder scheduler (notification service) reschedules or drops each participant's reminders.
      messages.push({
        aggregate,
        kind: 'event',
        topic: TOPICS.sessionSchedule,
        data: scheduleOf(loaded),
      });
    }
    if (!loaded) {
      messages.push({
        aggregate,
        kind: 'nudge',
        sessionId,
        nudge: { type: 'refresh-session', sessionId },
      });
      await deps.outbox.add(tx, messages);
      return;
    }
    await deps.outbox.add(tx, messages);
    // The outbox's lock on this session's rows is held until commit, and every change of the
    // session counts itself here after taking it: the revision is this change's own.
    const revision = await createSessionsStore(tx).bumpRevision(sessionId);
    const changes = touched && changesOf({ ...loaded, revision }, touched);
    await deps.outbox.add(tx, {
      aggregate,
      kind: 'nudge',
      sessionId,
      nudge: { type: 'refresh-session', sessionId, revision, ...(changes ? { changes } : {}) },
    });
  };
}

export type Notify = ReturnType<typeof createNotifier>;

/**
 * Records, in the transaction that took `userId` out of the session, the `member-removed` frame:
 * after the commit every /ws hub drops that user's subscriptions to the session at once.
 */
export async function memberRemoved(
  outbox: Outbox,
  tx: Database,
  sessionId: string,
  userId: string,
): Promise<void> {
  await outbox.add(tx, {
    aggregate: sessionAggregate(sessionId),
    kind: 'nudge',
    sessionId,
    nudge: { type: 'member-removed', sessionId, userId },
  });
}
