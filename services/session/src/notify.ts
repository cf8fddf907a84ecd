import { JOBS, planSchema, QUEUES, ROUTE_JOB_PRIORITY, TOPICS, type RouteMatrixJob, type SessionChangedData } from '@oneeta/contracts';
import type { Database, Outbox, OutboxInput } from '@oneeta/service-kit';
import { isClosed } from './domain/access.js';
import { scheduleOf } from './domain/schedule.js';
import { createSessionsStore } from './store/sessions-store.js';

export interface NotifierDeps {
  outbox: Outbox;
  /** ROUTE_JOB_DEBOUNCE_MS: how far ahead a session's route job is scheduled. */
  routeJobDelayMs: number;
}

/** Outbox rows of one session are delivered in order, one after another. */
export const sessionAggregate = (sessionId: string) => `session:${sessionId}`;

/**
 * Records, in the transaction `tx` of a session's change, what the change implies: when travel
 * inputs changed a route-matrix job, then `session.changed` on the bus (durable, for the admin
 * projection; its data read inside the transaction), `session.schedule` (the reminders' input) and `refresh-session` on the session's pub/sub
 * channel (the /ws hub fans it out). The outbox relay delivers them after the commit.
 *
 * The job is one per session (BullMQ deduplication on `session:{id}`): the first change schedules
 * it ROUTE_JOB_DEBOUNCE_MS ahead and later changes join it, since the worker reads the session's
 * current input when it starts. A change while the job runs is kept (`keepLastIfActive`): one
 * follow-up job starts when the running one finishes. Premium and enterprise sessions get a higher priority.
 */
export function createNotifier(deps: NotifierDeps) {
  const job = JOBS[QUEUES.routeMatrix];
  return async function notify(tx: Database, sessionId: string, reason: string, route?: RouteMatrixJob['reason']): Promise<void> {
    const loaded = await createSessionsStore(tx).load(sessionId);
    const aggregate = sessionAggregate(sessionId);
    const messages: OutboxInput[] = [];
    if (route) {
      const data: RouteMatrixJob = { sessionId, reason: route, requestedAt: new Date().toISOString() };
      const plan = planSchema.safeParse(loaded?.session.ownerPlan).data ?? 'free';
      messages.push({
        aggregate,
        kind: 'job',
        queue: job.queue,
        name: job.name,
        data,
        opts: {
          delay: deps.routeJobDelayMs,
          priority: ROUTE_JOB_PRIORITY[plan],
          deduplication: { id: `session:${sessionId}`, keepLastIfActive: true },
        },
      });
    }
    if (loaded) {
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
      messages.push({ aggregate, kind: 'event', topic: TOPICS.sessionSchedule, data: scheduleOf(loaded) });
    }
    messages.push({ aggregate, kind: 'nudge', sessionId, nudge: { type: 'refresh-session', sessionId } });
    await deps.outbox.add(tx, messages);
    // Last: the revision row's lock is the last one the transaction takes.
    if (loaded) await createSessionsStore(tx).bumpRevision(sessionId);
  };
}

export type Notify = ReturnType<typeof createNotifier>;
