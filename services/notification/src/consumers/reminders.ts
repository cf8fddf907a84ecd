import type { Job } from 'bullmq';
import { JOBS, QUEUES, TOPICS, type ReminderJob } from '@oneeta/contracts';
import {
  consumeEvents,
  type AccountLookup,
  type Database,
  type EventsContext,
  type Jobs,
  type Outbox,
  type TypedQueue,
} from '@oneeta/service-kit';
import {
  plannedReminders,
  reminderJobId,
  reminderPayload,
  reminderSentKey,
  reminderVerdict,
} from '../domain/reminders.js';
import { deliverNotice, noticeChannels } from '../actions/deliver.js';
import { accountDeleted } from '../actions/record-delivery.js';
import type { SessionClient } from '../providers/sessions.js';
import { lockSessionNotices } from '../store/schedules-store.js';
import { remindersSent } from '../store/schema.js';

export const SCHEDULE_GROUP = 'notification:reminders';

/**
 * On `session.schedule`: each reminder the session now calls for becomes a delayed job on the
 * `reminders` queue, due at its moment. The job id comes from session, participant, kind and
 * leave-by, so the same schedule seen again adds nothing; a reminder whose leave-by moved, or whose
 * participant left, is on the way or whose session closed, is dropped when it fires (reminderVerdict).
 */
export function startReminderScheduler(
  deps: EventsContext & { queue: TypedQueue<Jobs[typeof QUEUES.reminders]>; now?: () => Date },
) {
  const entry = JOBS[QUEUES.reminders];
  const now = deps.now ?? (() => new Date());
  return consumeEvents(deps, {
    topic: TOPICS.sessionSchedule,
    group: SCHEDULE_GROUP,
    failure: 'session.schedule not scheduled',
    handle: async (schedule) => {
      const at = now();
      for (const { job, fireAt } of plannedReminders(schedule, at)) {
        await deps.queue.add(entry.name, job, {
          jobId: reminderJobId(job),
          delay: Math.max(0, fireAt.getTime() - at.getTime()),
        });
      }
    },
  });
}

export type ReminderResult =
  | { outcome: 'sent'; devices: number; inApp: boolean }
  | { outcome: 'stale' | 'late' | 'duplicate' | 'silenced' | 'gone' };

/**
 * Sends one reminder when it fires, after reading the session as it is now: dropped when stale
 * (including once the participant arrived) or late, silenced when the user turned time-to-leave
 * notifications off or muted the session, and sent once per session, participant, kind and meeting
 * time (nothing for an account deleted meanwhile): the key, the in-app notification and the push jobs are written in one transaction, so a
 * retried job or a second worker sends nothing more.
 */
export function createReminderProcessor(deps: {
  db: Database;
  outbox: Outbox;
  wakeRelay?: () => void;
  sessions: SessionClient;
  accounts: AccountLookup;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  return async (job: Pick<Job<ReminderJob>, 'data'>): Promise<ReminderResult> => {
    const data = job.data;
    if (await accountDeleted(deps.accounts, data.userId)) return { outcome: 'gone' };
    const current = await deps.sessions.schedule(data.sessionId);
    const at = now();
    const verdict = reminderVerdict(data, current, at);
    if (verdict !== 'send') return { outcome: verdict };
    const payload = reminderPayload(data, current!, at);
    const result = await deps.db.transaction(async (handle): Promise<ReminderResult> => {
      const tx = handle as unknown as Database;
      await lockSessionNotices(tx, data.sessionId);
      const user = { userId: data.userId, sessionId: data.sessionId, kind: data.kind };
      const channels = await noticeChannels(tx, user);
      if (!channels.push && !channels.inApp) return { outcome: 'silenced' };
      const key = reminderSentKey(data);
      const fresh = await tx
        .insert(remindersSent)
        .values({ key, sessionId: data.sessionId, userId: data.userId })
        .onConflictDoNothing()
        .returning({ key: remindersSent.key });
      if (fresh.length === 0) return { outcome: 'duplicate' };
      // It ends once the arrival time or this leave-by moves, or the participant is on the way or there.
      const condition = {
        about: [data.participantId],
        arriveAt: data.arriveAt,
        leaveBy: data.leaveBy,
      };
      const notice = {
        ...user,
        sourceKey: `reminder|${key}`,
        ledgerKind: 'leave-reminder' as const,
        text: payload.body,
        url: payload.url,
        suggestedArriveAt: null,
        condition,
        details: null,
      };
      return { outcome: 'sent', ...(await deliverNotice(tx, deps.outbox, notice, channels, at)) };
    });
    if (result.outcome === 'sent') deps.wakeRelay?.();
    return result;
  };
}
