import { Queue } from 'bullmq';
import { bullPrefix, JOBS, planSchema, QUEUES, ROUTE_JOB_PRIORITY, SESSION_MESSAGES, type RouteMatrixJob } from '@oneeta/contracts';
import {
  HttpError,
  type AuthUser,
  type Database,
  type EventBus,
  type Redis,
} from '@oneeta/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import { canView, isClosed, viewerRole, type ViewerRole } from './domain/access.js';
import { createNotifier } from './notify.js';
import { createSessionsStore, type LoadedSession } from './store/sessions-store.js';

export interface SessionDeps {
  config: Config;
  db: Database;
  redis: Redis;
  bus: Pick<EventBus, 'publish'>;
  /** The route-matrix queue (BullMQ); see createRouteQueue. */
  routeQueue: Queue;
  pingDb: () => Promise<void>;
}

export function createRouteQueue(redis: Redis, redisPrefix: string): Queue {
  return new Queue(QUEUES.routeMatrix, { connection: redis, prefix: bullPrefix(redisPrefix) });
}

export function createContext(deps: SessionDeps, log: FastifyBaseLogger) {
  const { config } = deps;
  const store = createSessionsStore(deps.db);
  const job = JOBS[QUEUES.routeMatrix];
  const notify = createNotifier({ bus: deps.bus, redis: deps.redis, prefix: config.REDIS_PREFIX, store });

  /**
   * One job per session (BullMQ deduplication on `session:{id}`): the first change schedules a job
   * ROUTE_JOB_DEBOUNCE_MS ahead and later changes join it, since the worker reads the session's
   * current input when it starts. A change while the job runs is kept (`keepLastIfActive`): one
   * follow-up job starts when the running one finishes, so the newest positions are never lost.
   * Premium and enterprise sessions get a higher priority.
   */
  const enqueueRoute = async (sessionId: string, reason: RouteMatrixJob['reason']) => {
    const data: RouteMatrixJob = { sessionId, reason, requestedAt: new Date().toISOString() };
    const plan = planSchema.safeParse(await store.ownerPlan(sessionId)).data ?? 'free';
    await deps.routeQueue.add(job.name, data, {
      delay: config.ROUTE_JOB_DEBOUNCE_MS,
      priority: ROUTE_JOB_PRIORITY[plan],
      deduplication: { id: `session:${sessionId}`, keepLastIfActive: true },
      attempts: job.attempts,
      backoff: job.backoff,
      removeOnComplete: { count: 1000 },
      removeOnFail: { count: 5000 },
    });
  };

  return {
    config,
    store,
    db: deps.db,
    /** Redis and the event bus, for route modules with their own limits and events (join attempts, invite.created). */
    redis: deps.redis,
    bus: deps.bus,
    log,
    enqueueRoute,

    /** Loads a session and the caller's role; 404 when unknown, 403 when not allowed to see it. */
    async access(sessionId: string, user: AuthUser | null): Promise<LoadedSession & { role: Exclude<ViewerRole, 'none'> }> {
      const loaded = await store.load(sessionId);
      if (!loaded) throw new HttpError(404, SESSION_MESSAGES.notFound, 'not_found');
      const role = viewerRole(loaded.session, loaded.participants, loaded.invites, user);
      if (!canView(role)) throw new HttpError(403, SESSION_MESSAGES.accessDenied, 'forbidden');
      return { ...loaded, role: role as Exclude<ViewerRole, 'none'> };
    },

    /** 409 when the session is closed (closed disables editing). */
    assertOpen(loaded: LoadedSession) {
      if (isClosed(loaded.session)) throw new HttpError(409, SESSION_MESSAGES.closed, 'session_closed');
    },

    /**
     * After any change: nudge `/ws` subscribers, publish session.changed and, when travel inputs
     * changed, queue a route-matrix job. Failures here are logged: the change is already saved.
     */
    async changed(sessionId: string, reason: string, route?: RouteMatrixJob['reason']) {
      try {
        if (route) await enqueueRoute(sessionId, route);
        await notify(sessionId, reason);
      } catch (err) {
        log.error({ err, sessionId, reason }, 'change notification failed');
      }
    },
  };
}

export type SessionContext = ReturnType<typeof createContext>;
