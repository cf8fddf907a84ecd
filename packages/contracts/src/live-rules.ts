// Issue 15's rules and texts (live.ts holds its schemas): no zod here, so the web app's pages read
// them without loading the contracts' schemas.

/** A participant is late when their current ETA (now + travel time) is more than this after the arrival time. */
export const LATE_AFTER_MINUTES = 5;
/** The group is told again about the same participant only when their lateness grew by this much more. */
export const LATE_STEP_MINUTES = 5;
/** This long after the arrival time the owner is told who has not arrived. */
export const NO_SHOW_AFTER_MINUTES = 10;
/** Arrived: within max(this, the position's accuracy) of the destination for ARRIVAL_DWELL_SECONDS. */
export const ARRIVAL_RADIUS_METERS = 100;
export const ARRIVAL_DWELL_SECONDS = 60;
/** An arrival is cleared once the participant is more than this beyond the arrival radius. */
export const ARRIVAL_EXIT_METERS = 300;
/** Location sharing ends once everyone has arrived, or this long after the arrival time. */
export const SHARING_ENDS_AFTER_HOURS = 2;
/**
 * The owner is offered to move the arrival time only when the time everyone can make is at most
 * this much after the current one; past it, they are told who is far behind (remove or message them).
 */
export const REPLAN_OFFER_MAX_HOURS = 3;
/** How often the session service looks at open sessions for lateness, no-shows and the end of sharing. */
export const LIVE_CHECK_INTERVAL_MS = 30_000;
/**
 * New travel results that move no departure, arrival or earliest arrival by more than this, with
 * the same durations and distances, change nothing anyone sees: they are not stored as a change
 * and nobody is nudged.
 */
export const TRAVEL_UNCHANGED_SECONDS = 30;

export const ALERT_KINDS = [
  'late',
  'replan-offer',
  'far-behind',
  'replanned',
  'arrived',
  'no-show',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** The categories a user can turn off (profile), per channel. */
export const NOTIFICATION_TOPICS = ['leave', 'late', 'arrived'] as const;
export type NotificationTopic = (typeof NOTIFICATION_TOPICS)[number];
/** Which category each notification belongs to (the reminders: 'leave-soon', 'leave-now'). */
export const TOPIC_OF = {
  'leave-soon': 'leave',
  'leave-now': 'leave',
  replanned: 'leave',
  late: 'late',
  'replan-offer': 'late',
  'far-behind': 'late',
  'no-show': 'late',
  arrived: 'arrived',
} as const satisfies Record<AlertKind | 'leave-soon' | 'leave-now', NotificationTopic>;
export type InAppKind = keyof typeof TOPIC_OF;

/**
 * The texts ({name}: a participant's name; {duration}: whole minutes as every page writes them,
 * `formatWholeMinutes` of @oneeta/travel ('7 min', '42 h 1 min'); {time}, {leaveBy}: on the
 * destination's clock, with its zone when it is not the reader's; {names}: comma-separated names).
 */
export const ALERT_TEXTS = {
  late: '{name} is running {duration} late',
  'replan-offer': 'Move arrival to {time}?',
  /** The re-plan offer to an owner whose plan cannot edit a saved session: who is late, the time that would work, and the way up. */
  replanOfferUpgrade: 'Running late: {names}. {time} would work; upgrade to move the arrival time',
  /** Instead of the offer when the time everyone can make is more than REPLAN_OFFER_MAX_HOURS later. */
  'far-behind': 'Far behind: {names}. Remove them or message them',
  replanned: 'New arrival {time}: leave by {leaveBy}',
  replannedNoLeaveBy: 'New arrival {time}',
  arrived: '{name} arrived',
  'no-show': 'Not arrived yet: {names}',
} as const;

/** Where the re-plan offer leads an owner whose plan cannot move the arrival time. */
export const REPLAN_UPGRADE_URL = '/plans';

/** Messages of these calls. */
export const LIVE_MESSAGES = {
  sharingEnded: 'Location sharing has ended for this session',
} as const;
