import { SESSION_MESSAGES, type RouteMatrixJob } from '@oneeta/contracts';
import {
  HttpError,
  type AccountLookup,
  type AuthUser,
  type Database,
  type Outbox,
  type Redis,
} from '@oneeta/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import { canView, isClosed, viewerRole, type ViewerRole } from './domain/access.js';
import { createNotifier } from './actions/notify.js';
import { mergeTouched, type Touched } from './domain/session-changes.js';
import { createSessionCache } from './store/session-cache.js';
import { createSessionsStore, type LoadedSession } from './store/sessions-store.js';

export interface SessionDeps {
  config: Config;
  db: Database;
  redis: Redis;
  /** The service's transactional outbox (openServiceOutbox); its relay delivers events, jobs and nudges. */
  outbox: Outbox;
  /** Wakes the outbox relay after a commit that added rows (else it finds them on its next poll). */
  wakeRelay?: () => void;
  pingDb: () => Promise<void>;
  /** The account directory (who a user is now): the live check's re-plan offers read the owner's plan from it. */
  accounts?: AccountLookup;
}

/** Marks a session as changed inside a write; see {@link SessionContext.write}. */
export type Changed = (
  sessionId: string,
  reason: string,
  route?: RouteMatrixJob['reason'],
  touched?: Touched,
) => void;

export function createContext(deps: SessionDeps, log: FastifyBaseLogger) {
  const { config } = deps;
  const store = createSessionsStore(deps.db);
  const readCached = createSessionCache(store);
  const notify = createNotifier({
    outbox: deps.outbox,
    routeJobDelayMs: config.ROUTE_JOB_DEBOUNCE_MS,
    routeCoalesceMs: config.ROUTE_COALESCE_MS,
  });

  /**
   * Runs a write in one transaction. Each session marked with `changed(id, reason, route?)` gets
   * its route-matrix job (when travel inputs changed), `session.changed` and its `/ws` nudge written
   * to the outbox in that same transaction, so none is lost when Redis fails at that moment: the
   * relay delivers them once Redis answers.
   */
  async function write<T>(fn: (tx: Database, changed: Changed) => Promise<T>): Promise<T> {
    let added = false;
    const result = await deps.db.transaction(async (handle) => {
      const tx = handle as unknown as Database;
      const marks = new Map<
        string,
        { reason: string; route?: RouteMatrixJob['reason']; touched?: Touched }
      >();
      const value = await fn(tx, (sessionId, reason, route, touched) => {
        const before = marks.get(sessionId);
        marks.set(sessionId, {
          reason,
          route: route ?? before?.route,
          touched: before ? mergeTouched(before.touched, touched) : touched,
        });
      });
      // In id order: two writes that change the same sessions lock their revision rows alike.
      const ordered = [...marks].sort(([a], [b]) => a.localeCompare(b));
      for (const [sessionId, { reason, route, touched }] of ordered)
        await notify(tx, sessionId, reason, route, touched);
      added = marks.size > 0;
      return value;
    });
    if (added) deps.wakeRelay?.();
    return result;
  }

  return {
    config,
    store,
    db: deps.db,
    /** Redis, for route modules with their own limits (join attempts). */
    redis: deps.redis,
    outbox: deps.outbox,
    /** What every live check in a request is given (LiveCheckOptions). */
    live: {
      outbox: deps.outbox,
      dwellMs: config.ARRIVAL_DWELL_SECONDS * 1000,
      accounts: deps.accounts,
    },
    log,
    write,

    /**
     * Loads a session and the caller's role; 404 when unknown, 403 when not allowed to see it.
     * `cached`: the rows may come from the per-revision cache (for a read that renders them only).
     */
    async access(
      sessionId: string,
      user: AuthUser | null,
      cached = false,
    ): Promise<LoadedSession & { role: Exclude<ViewerRole, 'none'> }> {
      const loaded = cached ? await readCached(sessionId) : await store.load(sessionId);
      if (!loaded) throw new HttpError(404, SESSION_MESSAGES.notFound, 'not_found');
      const role = viewerRole(loaded.session, loaded.participants, loaded.invites, user);
      if (!canView(role)) throw new HttpError(403, SESSION_MESSAGES.accessDenied, 'forbidden');
      return { ...loaded, role: role as Exclude<ViewerRole, 'none'> };
    },

    /** 409 when the session is closed (closed disables editing). */
    assertOpen(loaded: LoadedSession) {
      if (isClosed(loaded.session))
        throw new HttpError(409, SESSION_MESSAGES.closed, 'session_closed');
    },
  };
}

export type SessionContext = ReturnType<typeof createContext>;
