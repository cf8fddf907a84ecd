import { z } from 'zod';

/**
 * Time-to-leave reminders (issue 15): what the session service publishes for the scheduler, and the
 * scheduler's constants. Every participant with a leave-by time in an open session gets two: 10
 * minutes before it and at it.
 */
export const LEAVE_SOON_MINUTES = 10;
/** A reminder whose moment passed more than this long ago is dropped, never sent late. */
export const REMINDER_LATE_TOLERANCE_MS = 2 * 60_000;
/** A reminder stays valid while the participant's leave-by time moved by less than this. */
export const REMINDER_LEAVE_BY_TOLERANCE_MS = 60_000;

export const REMINDER_KINDS = ['leave-soon', 'leave-now'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

/** The reminders' texts ({destination}: its name; {time}: the arrival on the destination's clock, with its zone). */
export const REMINDER_TEXTS = {
  'leave-soon': 'Leave in 10 min for {destination} to arrive at {time}',
  'leave-now': 'Time to leave for {destination}',
} as const satisfies Record<ReminderKind, string>;

/**
 * `session.schedule`, published with every change of a session (and answered by the session
 * service's GET /internal/sessions/:id/schedule): per participant what decides their reminders.
 */
export const sessionScheduleDataSchema = z.object({
  sessionId: z.string(),
  isClosed: z.boolean(),
  destinationName: z.string().nullable(),
  arriveAt: z.string().nullable(),
  tzId: z.string().nullable(),
  participants: z.array(
    z.object({
      participantId: z.string(),
      userId: z.string().nullable(),
      status: z.enum(['active', 'pending', 'left']),
      enroute: z.boolean(),
      /** When they must leave to arrive on time (null until their travel time is known). */
      leaveBy: z.string().nullable(),
      /** Arrived at the destination: no more reminders. */
      arrivedAt: z.string().nullish(),
      /** How many minutes late the group was last told they are (null: not late, or on time again). */
      lateMinutes: z.number().int().positive().nullish(),
    }),
  ),
});
export type SessionScheduleData = z.infer<typeof sessionScheduleDataSchema>;

/**
 * One reminder waiting for its moment (the `reminders` queue, a delayed job). The job id is
 * derived from session, participant, kind and leave-by, so scheduling the same reminder again
 * changes nothing; a reminder whose leave-by moved is dropped when it fires.
 */
export const reminderJobSchema = z.object({
  sessionId: z.string(),
  participantId: z.string(),
  userId: z.string(),
  kind: z.enum(REMINDER_KINDS),
  leaveBy: z.string(),
  arriveAt: z.string(),
});
export type ReminderJob = z.infer<typeof reminderJobSchema>;
