import {
  ALERT_TEXTS,
  format,
  REPLAN_UPGRADE_URL,
  TOPIC_OF,
  type InAppKind,
  type NotificationPreferences,
  type SessionAlertData,
} from '@oneeta/contracts';
import { formatWholeMinutes } from '@oneeta/travel';
import { destinationTime } from './clock.js';
import type { NoticeCondition } from './conditions.js';
import type { NoticeDetails } from '../store/schema.js';

export type { NoticeDetails };

/** What one recipient is told about one session.alert (push body and in-app text are the same). */
export interface AlertNotice {
  kind: SessionAlertData['kind'];
  text: string;
  url: string;
  /** For 'replan-offer': the arrival time the owner can accept in one tap. */
  suggestedArriveAt: string | null;
  /** What it is about: it ends when this no longer holds (conditions.ts). */
  condition: NoticeCondition;
  details: NoticeDetails | null;
}

/** A leave-by this close to the arrival time is no trip left: the re-plan says the new time only. */
const NO_TRIP_MS = 60_000;

/** Where tapping a notification of a session leads. */
export const sessionUrl = (sessionId: string) => `/s/${encodeURIComponent(sessionId)}`;

/**
 * The text of an alert for one recipient, times on the destination's clock with its zone:
 * 'replanned' names the recipient's own leave-by time (just the new arrival while theirs is unknown).
 * Null when the alert lacks the time its text needs (a re-plan without an arrival time).
 */
export function alertText(alert: SessionAlertData, userId: string, now: Date): string | null {
  const time = (iso: string) => destinationTime(iso, alert.tzId, now);
  switch (alert.kind) {
    case 'late':
      return format(ALERT_TEXTS.late, {
        name: alert.name,
        duration: formatWholeMinutes(alert.minutesLate),
      });
    case 'replan-offer':
      return alert.canReplan
        ? format(ALERT_TEXTS['replan-offer'], { time: time(alert.suggestedArriveAt) })
        : format(ALERT_TEXTS.replanOfferUpgrade, {
            names: alert.names.join(', ') || 'someone',
            time: time(alert.suggestedArriveAt),
          });
    case 'far-behind':
      return format(ALERT_TEXTS['far-behind'], { names: alert.names.join(', ') });
    case 'replanned': {
      if (alert.arriveAt === null) return null;
      const leaveBy = replannedLeaveBy(alert, userId);
      return leaveBy === null
        ? format(ALERT_TEXTS.replannedNoLeaveBy, { time: time(alert.arriveAt) })
        : format(ALERT_TEXTS.replanned, { time: time(alert.arriveAt), leaveBy: time(leaveBy) });
    }
    case 'arrived':
      return format(ALERT_TEXTS.arrived, { name: alert.name });
    case 'no-show':
      return format(ALERT_TEXTS['no-show'], { names: alert.names.join(', ') });
  }
}

/** A recipient's leave-by in a re-plan, null when unknown or no trip is left (at or within a minute of the arrival time). */
function replannedLeaveBy(
  alert: Extract<SessionAlertData, { kind: 'replanned' }>,
  userId: string,
): string | null {
  const leaveBy = alert.leaveBy.find((entry) => entry.userId === userId)?.leaveBy ?? null;
  if (leaveBy === null || alert.arriveAt === null) return leaveBy;
  return new Date(alert.arriveAt).getTime() - new Date(leaveBy).getTime() < NO_TRIP_MS
    ? null
    : leaveBy;
}

/** What an alert is about, for one recipient (see NoticeCondition). */
export function alertCondition(alert: SessionAlertData, userId: string): NoticeCondition {
  const arriveAt = alert.arriveAt;
  switch (alert.kind) {
    case 'late':
    case 'arrived':
      return { about: [alert.participantId], arriveAt, leaveBy: null };
    case 'replan-offer':
    case 'far-behind':
      return { about: alert.participantIds, arriveAt, leaveBy: null };
    case 'replanned':
      return { about: [], arriveAt, leaveBy: replannedLeaveBy(alert, userId) };
    case 'no-show':
      return { about: alert.participantIds, arriveAt, leaveBy: null };
  }
}

/** One recipient's notice of an alert, or null when there is nothing to say (see alertText). */
export function alertNotice(
  alert: SessionAlertData,
  userId: string,
  now: Date,
): AlertNotice | null {
  const text = alertText(alert, userId, now);
  if (text === null) return null;
  const upgrade = alert.kind === 'replan-offer' && !alert.canReplan;
  const details: NoticeDetails | null =
    alert.kind === 'replan-offer'
      ? { participantIds: alert.participantIds, names: alert.names, canReplan: alert.canReplan }
      : alert.kind === 'far-behind'
        ? { participantIds: alert.participantIds, names: alert.names }
        : null;
  return {
    kind: alert.kind,
    text,
    url: upgrade ? REPLAN_UPGRADE_URL : sessionUrl(alert.sessionId),
    suggestedArriveAt: alert.kind === 'replan-offer' ? alert.suggestedArriveAt : null,
    condition: alertCondition(alert, userId),
    details,
  };
}

/** Per (event, recipient): a redelivered event or a second worker finds it taken. */
export const alertSentKey = (eventId: string, userId: string) => `${eventId}|${userId}`;

export interface Channels {
  push: boolean;
  inApp: boolean;
}

/** Which channels a notification of this kind takes to a user: their switches for its topic, none in a session they muted. */
export function channelsFor(
  kind: InAppKind,
  preferences: NotificationPreferences,
  muted: boolean,
): Channels {
  if (muted) return { push: false, inApp: false };
  return { ...preferences[TOPIC_OF[kind]] };
}
