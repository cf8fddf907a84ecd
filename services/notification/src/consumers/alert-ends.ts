import { TOPICS, type EventEnvelope, type SessionScheduleData } from '@oneeta/contracts';
import { consumeEvents, type Database, type EventsContext, type Outbox } from '@oneeta/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import { endWhatEnded } from '../actions/notice-ends.js';
import { lockSessionNotices, recordSchedule } from '../store/schedules-store.js';

/** Consumer group (kept: a new group name would read the stream from its start again). */
export const ALERT_ENDS_GROUP = 'notification:alert-ends';

export interface AlertEndsDeps {
  db: Database;
  outbox: Outbox;
  wakeRelay?: () => void;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  now?: () => Date;
}

/**
 * Handles one session.schedule: in one transaction, under the session's notice lock, stores it as
 * the session's latest (unless a later one is stored: then nothing changes), and ends every open
 * in-app notification of the session whose condition it no longer holds, with an `inbox` nudge to
 * each user concerned. Idempotent: the same schedule again ends nothing more.
 */
export function createAlertEndsHandler(deps: AlertEndsDeps) {
  const now = deps.now ?? (() => new Date());
  return async (event: EventEnvelope<SessionScheduleData>): Promise<number> => {
    const schedule = event.data;
    const ended = await deps.db.transaction(async (handle) => {
      const tx = handle as unknown as Database;
      await lockSessionNotices(tx, schedule.sessionId);
      if (!(await recordSchedule(tx, schedule, new Date(event.occurredAt)))) return 0;
      return endWhatEnded(tx, deps.outbox, schedule, now());
    });
    if (ended > 0) deps.wakeRelay?.();
    return ended;
  };
}

/** The session.schedule consumer that ends notifications (a group of its own beside the reminder scheduler's). */
export function startAlertEndsConsumer(deps: AlertEndsDeps & EventsContext) {
  const handle = createAlertEndsHandler(deps);
  return consumeEvents(deps, {
    topic: TOPICS.sessionSchedule,
    group: ALERT_ENDS_GROUP,
    failure: 'session.schedule: notifications not ended',
    handle: (_data, event) => handle(event),
  });
}
