import { ALERT_TEXTS, format, TOPIC_OF, type InAppKind, type NotificationPreferences, type SessionAlertData } from '@oneeta/contracts';
import { destinationTime } from './clock.js';

/** What one recipient is told about one session.alert (push body and in-app text are the same). */
export interface AlertNotice {
  kind: SessionAlertData['kind'];
  text: string;
  url: string;
  /** For 'replan-offer': the arrival time the owner can accept in one tap. */
  suggestedArriveAt: string | null;
}

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
      return format(ALERT_TEXTS.late, { name: alert.name, minutes: alert.minutesLate });
    case 'replan-offer':
      return format(ALERT_TEXTS['replan-offer'], { time: time(alert.suggestedArriveAt) });
    case 'replanned': {
      if (alert.arriveAt === null) return null;
      const leaveBy = alert.leaveBy.find((entry) => entry.userId === userId)?.leaveBy ?? null;
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

/** One recipient's notice of an alert, or null when there is nothing to say (see alertText). */
export function alertNotice(alert: SessionAlertData, userId: string, now: Date): AlertNotice | null {
  const text = alertText(alert, userId, now);
  if (text === null) return null;
  return { kind: alert.kind, text, url: sessionUrl(alert.sessionId), suggestedArriveAt: alert.kind === 'replan-offer' ? alert.suggestedArriveAt : null };
}

/** Per (event, recipient): a redelivered event or a second worker finds it taken. */
export const alertSentKey = (eventId: string, userId: string) => `${eventId}|${userId}`;

export interface Channels {
  push: boolean;
  inApp: boolean;
}

/** Which channels a notification of this kind takes to a user: their switches for its topic, none in a session they muted. */
export function channelsFor(kind: InAppKind, preferences: NotificationPreferences, muted: boolean): Channels {
  if (muted) return { push: false, inApp: false };
  return { ...preferences[TOPIC_OF[kind]] };
}
