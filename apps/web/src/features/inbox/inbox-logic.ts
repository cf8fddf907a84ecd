/**
 * Where each in-app notification is shown (issue 15), pure: on the session page of the
 * notification's own session it is a banner at the top of the page; on any other page a toast.
 * A notification is shown once: `shown` records the ones on screen as a banner and the ones done
 * (toasted, dismissed, acted on — and marked read on the server).
 */
import type { InAppNotification } from '@oneeta/contracts';

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
  'replan-offer': ['replan-offer'],
};

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
    (n) => !shown.has(n.id) && !moot.has(n.id) && (here === null || n.sessionId !== here),
  );
}

/**
 * The banners of one session's page: its notifications not yet toasted or dismissed nor made moot
 * by a newer one, oldest first;
 * a 'replan-offer' is left out when the page shows the re-plan offer itself (`offerShown`).
 */
export function bannersFor(
  notifications: readonly InAppNotification[],
  sessionId: string,
  shown: ShownMap,
  offerShown: boolean,
): InAppNotification[] {
  const moot = supersededIds(notifications);
  return notifications.filter(
    (n) =>
      n.sessionId === sessionId &&
      shown.get(n.id) !== 'done' &&
      !moot.has(n.id) &&
      !(offerShown && n.kind === 'replan-offer'),
  );
}

export interface ReplanOffer {
  /** The arrival time the owner can move to (ISO). */
  at: string;
  /** The unread 'replan-offer' notifications this offer answers (marked read with it). */
  ids: string[];
}

const sameMinute = (a: string, b: string): boolean =>
  Math.floor(Date.parse(a) / 60_000) === Math.floor(Date.parse(b) / 60_000);

/**
 * The owner's 'Move arrival to {time}?': the session's `suggestedArriveAt` while the server
 * suggests one, else the newest unread 'replan-offer' notification's (it can arrive before the
 * session's refresh). None for anyone but the owner, when the time is the arrival time already, or
 * when the owner said 'Not now' to that time (`declined`).
 */
export function replanOfferOf(input: {
  isOwner: boolean;
  sessionId: string;
  arriveAt: string | null;
  suggestedArriveAt: string | null | undefined;
  notifications: readonly InAppNotification[];
  shown: ShownMap;
  declined: ReadonlySet<string>;
}): ReplanOffer | null {
  if (!input.isOwner) return null;
  const offers = input.notifications.filter(
    (n) =>
      n.sessionId === input.sessionId &&
      n.kind === 'replan-offer' &&
      input.shown.get(n.id) !== 'done',
  );
  const at =
    input.suggestedArriveAt ??
    offers.findLast((n) => n.suggestedArriveAt !== null)?.suggestedArriveAt ??
    null;
  if (at === null || Number.isNaN(Date.parse(at))) return null;
  if (input.arriveAt !== null && sameMinute(at, input.arriveAt)) return null;
  if (input.declined.has(at)) return null;
  return { at, ids: offers.map((n) => n.id) };
}
