import { createHash } from 'node:crypto';
import {
  format,
  LEAVE_SOON_MINUTES,
  REMINDER_KINDS,
  REMINDER_LATE_TOLERANCE_MS,
  REMINDER_LEAVE_BY_TOLERANCE_MS,
  REMINDER_TEXTS,
  type PushPayload,
  type ReminderJob,
  type ReminderKind,
  type SessionScheduleData,
} from '@oneeta/contracts';
import { destinationTime } from './clock.js';
import { notificationTag } from './push.js';

/** When a reminder fires: LEAVE_SOON_MINUTES before the leave-by time, or at it. */
export function reminderFireAt(kind: ReminderKind, leaveBy: string): Date {
  const at = new Date(leaveBy).getTime();
  return new Date(kind === 'leave-soon' ? at - LEAVE_SOON_MINUTES * 60_000 : at);
}

/** The job id of a reminder: one per session, participant, kind and leave-by (BullMQ ids may not hold ':'). */
export const reminderJobId = (job: ReminderJob) =>
  `rem-${createHash('sha256')
    .update(
      [job.sessionId, job.participantId, job.kind, new Date(job.leaveBy).getTime()].join('\n'),
    )
    .digest('base64url')
    .slice(0, 32)}`;

/** Sent at most once per session, participant, kind and meeting time (a new arrival time starts again). */
export const reminderSentKey = (job: ReminderJob) =>
  [job.sessionId, job.participantId, job.kind, new Date(job.arriveAt).toISOString()].join('|');

type Participant = SessionScheduleData['participants'][number];

/** Who gets reminders: an active, signed-in participant, not on the way yet nor arrived, with a leave-by time, in an open session with an arrival time. */
function remindable(
  schedule: SessionScheduleData,
  p: Participant,
): p is Participant & { userId: string; leaveBy: string } {
  return (
    !schedule.isClosed &&
    schedule.arriveAt !== null &&
    p.status === 'active' &&
    p.userId !== null &&
    !p.enroute &&
    !p.arrivedAt &&
    p.leaveBy !== null
  );
}

/** The reminders a session's schedule calls for from `now` on (a moment more than the tolerance ago is skipped). */
export function plannedReminders(
  schedule: SessionScheduleData,
  now: Date,
): { job: ReminderJob; fireAt: Date }[] {
  return schedule.participants.flatMap((p) => {
    if (!remindable(schedule, p)) return [];
    return REMINDER_KINDS.map((kind) => ({
      job: {
        sessionId: schedule.sessionId,
        participantId: p.participantId,
        userId: p.userId,
        kind,
        leaveBy: p.leaveBy,
        arriveAt: schedule.arriveAt!,
      },
      fireAt: reminderFireAt(kind, p.leaveBy),
    })).filter(({ fireAt }) => now.getTime() - fireAt.getTime() <= REMINDER_LATE_TOLERANCE_MS);
  });
}

/**
 * Whether a reminder that fires now is still wanted, by the session as it is now: 'stale' when the
 * session is gone or closed, the participant left, is on the way, has arrived, or their leave-by or the arrival
 * time moved (a newer reminder replaces it); 'late' when its moment passed more than the tolerance ago.
 */
export function reminderVerdict(
  job: ReminderJob,
  current: SessionScheduleData | null,
  now: Date,
): 'send' | 'stale' | 'late' {
  const p = current?.participants.find((x) => x.participantId === job.participantId);
  if (!current || !p || !remindable(current, p) || p.userId !== job.userId) return 'stale';
  if (
    Math.abs(new Date(p.leaveBy).getTime() - new Date(job.leaveBy).getTime()) >=
    REMINDER_LEAVE_BY_TOLERANCE_MS
  )
    return 'stale';
  if (new Date(current.arriveAt!).getTime() !== new Date(job.arriveAt).getTime()) return 'stale';
  if (now.getTime() - reminderFireAt(job.kind, job.leaveBy).getTime() > REMINDER_LATE_TOLERANCE_MS)
    return 'late';
  return 'send';
}

/** The push a reminder sends: the arrival on the destination's clock, always with its zone (the server does not know the reader's). */
export function reminderPayload(
  job: ReminderJob,
  schedule: SessionScheduleData,
  now: Date,
): PushPayload {
  const time = destinationTime(job.arriveAt, schedule.tzId, now);
  return {
    title: 'OneETA',
    body: format(REMINDER_TEXTS[job.kind], {
      destination: schedule.destinationName ?? 'the destination',
      time,
    }),
    url: `/s/${encodeURIComponent(job.sessionId)}`,
    tag: notificationTag('leave-reminder', job.sessionId),
  };
}
