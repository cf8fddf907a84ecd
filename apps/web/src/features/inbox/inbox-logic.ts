/**
 * Where each in-app notification is shown (issue 15), pure: on the session page of the
 * notification's own session it is a banner at the top of the page; on any other page a toast.
 * A notification is shown once: `shown` records the ones on screen as a banner and the ones done
 * (toasted, dismissed, acted on — and marked read on the server).
 */
import { ALERT_TEXTS, LATE_AFTER_MINUTES, type InAppNotification } from '@oneeta/contracts';

/** 'banner': on a session page now (until dismissed); 'done': toasted or dismissed, never again. */
export type ShownAs = 'banner' | 'done';
export type ShownMap = ReadonlyMap<string, ShownAs>;

/** The notifications that raise the alarm (role alert); the rest are polite (role status). */
const URGENT = new Set<InAppNotification['kind']>(['leave-now', 'late', 'no-show']);
export function isUrgent(kind: InAppNotification['kind']): boolean {
  return URGENT.has(kind);
}

type Kind = InAppNotification['kind'];
/**
 * What a newer notification of the same session makes moot: a new arrival time ('replanned') the
 * earlier one and the leave reminders before it, 'leave-now' the 'leave-soon' before it, a newer
 * re-plan offer the older one.
 */
const SUPERSEDES: Partial<Record<Kind, readonly Kind[]>> = {
  'leave-soon': ['leave-soon'],
  'leave-now': ['leave-soon', 'leave-now'],
  replanned: ['replanned', 'leave-soon', 'leave-now'],
  'replan-offer': ['replan-offer', 'far-behind'],
  'far-behind': ['replan-offer', 'far-behind'],
};

/**
 * A notification whose condition ended (the server marks it `endedAt` when its contract carries
 * one, and drops it from the inbox): never shown, wherever it still lingers.
 */
export function isEnded(n: InAppNotification): boolean {
  const endedAt = (n as InAppNotification & { endedAt?: string | null }).endedAt;
  return typeof endedAt === 'string' && endedAt !== '';
}

/**
 * The ids of notifications a newer one of the same session made moot (the list is oldest first,
 * as the inbox answers): they are not shown, only marked read.
 */
export function supersededIds(notifications: readonly InAppNotification[]): Set<string> {
  const moot = new Set<string>();
  // Newest first: every kind a later notification supersedes, per session.
  const later = new Map<string, Set<Kind>>();
  for (let i = notifications.length - 1; i >= 0; i--) {
    const n = notifications[i]!;
    if (n.sessionId === null) continue;
    const seen = later.get(n.sessionId) ?? new Set<Kind>();
    if (seen.has(n.kind)) moot.add(n.id);
    for (const kind of SUPERSEDES[n.kind] ?? []) seen.add(kind);
    later.set(n.sessionId, seen);
  }
  return moot;
}

/** '/s/{id}' (the quick session page, with or without a trailing slash) → its id; else null. */
export function sessionOfPath(pathname: string): string | null {
  const match = /^\/s\/([^/?#]+)\/?$/.exec(pathname);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/**
 * The notifications to show as toasts now, on the page at `pathname`: every one not shown yet and
 * not made moot by a newer one, but for those of the session whose page this is (that page shows
 * them as banners).
 */
export function toastsFor(
  notifications: readonly InAppNotification[],
  pathname: string,
  shown: ShownMap,
): InAppNotification[] {
  const here = sessionOfPath(pathname);
  const moot = supersededIds(notifications);
  return notifications.filter(
    (n) =>
      !shown.has(n.id) && !moot.has(n.id) && !isEnded(n) && (here === null || n.sessionId !== here),
  );
}

/** What the session page knows now that decides whether a notification still holds. */
export interface BannerContext {
  /** Someone in the session is late by its current answer (the server's `minutesLate`). */
  anyoneLate: boolean;
  /** Every active participant has arrived. */
  everyoneArrived: boolean;
  /** The viewer as a participant: arrived (or at the destination), and their leave-by now. */
  viewer: { there: boolean; leaveBy: Date | null } | null;
}

/** The offers ('replan-offer', 'far-behind') are the page's own offer, never a banner there. */
const OFFERS = new Set<Kind>(['replan-offer', 'far-behind']);
/**
 * A leave reminder is about the viewer's current leave-by while it is within this of it (it can
 * come up to a couple of minutes late, and travel times move a little); else it was about an
 * earlier time (the arrival time or their trip changed) and is not shown.
 */
export const REMINDER_MATCH_MS = LATE_AFTER_MINUTES * 60_000;

/**
 * The contracts' LEAVE_SOON_MINUTES (reminders.ts), not imported from there: that module holds zod
 * schemas, which no page loads at start (the test checks the two agree).
 */
export const LEAVE_SOON_MS = 10 * 60_000;

/** The leave-by a reminder was sent for: 'leave-soon' LEAVE_SOON_MS before it, 'leave-now' at it. */
function reminderLeaveBy(n: InAppNotification): number {
  const sent = Date.parse(n.createdAt);
  return n.kind === 'leave-soon' ? sent + LEAVE_SOON_MS : sent;
}

/** Whether a notification still holds for this page's session as it is now. */
export function stillHolds(n: InAppNotification, context: BannerContext): boolean {
  switch (n.kind) {
    case 'late':
      return context.anyoneLate;
    case 'no-show':
      return !context.everyoneArrived;
    case 'leave-soon':
    case 'leave-now': {
      const viewer = context.viewer;
      if (!viewer || viewer.there || viewer.leaveBy === null) return false;
      const sentFor = reminderLeaveBy(n);
      return (
        !Number.isNaN(sentFor) && Math.abs(sentFor - viewer.leaveBy.getTime()) <= REMINDER_MATCH_MS
      );
    }
    default:
      return !OFFERS.has(n.kind);
  }
}

/** The separator of 'New arrival {time}: leave by {leaveBy}' (contracts' ALERT_TEXTS). */
const LEAVE_BY_PART = ALERT_TEXTS.replanned.slice(
  ALERT_TEXTS.replanned.indexOf('{time}') + '{time}'.length,
  ALERT_TEXTS.replanned.indexOf('{leaveBy}'),
);

/** What a banner says: someone already there gets a new arrival time only, never a leave-by. */
export function bannerText(n: InAppNotification, context: BannerContext): string {
  if (n.kind !== 'replanned' || !context.viewer?.there) return n.text;
  const cut = n.text.lastIndexOf(LEAVE_BY_PART);
  return cut > 0 ? n.text.slice(0, cut) : n.text;
}

/**
 * The banners of one session's page, derived from the inbox's current answer (a notification the
 * server ended and dropped is gone with the next answer): its notifications not yet toasted or
 * dismissed, not made moot by a newer one, not ended, and still true of the session now (see
 * `stillHolds`: the offers are the page's own), oldest first, each with the text to show.
 */
export function bannersFor(
  notifications: readonly InAppNotification[],
  sessionId: string,
  shown: ShownMap,
  context: BannerContext,
): InAppNotification[] {
  const moot = supersededIds(notifications);
  return notifications.flatMap((n) =>
    n.sessionId === sessionId &&
    shown.get(n.id) !== 'done' &&
    !moot.has(n.id) &&
    !isEnded(n) &&
    stillHolds(n, context)
      ? [{ ...n, text: bannerText(n, context) }]
      : [],
  );
}
