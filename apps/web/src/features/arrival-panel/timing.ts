/**
 * Times, countdowns and distances of one entry (doc 2 §2 Details dialog, §4 relative age, §9):
 * travel time in whole minutes, distance in miles with one decimal, depart time, earliest-now
 * time (now + travel time), last update, 'Leave in'. Clock times are shown in the destination's
 * time zone. Pure: every function takes `now`.
 */
import {
  formatMiles,
  formatMinutes,
  formatWholeMinutes,
  leaveBy as leaveByDate,
  leaveIn,
  relativeAge,
  zonedParts,
} from '@oneeta/travel';
import type { PanelEntry } from './entries';

const MINUTE_S = 60;

function toDate(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

const validSeconds = (x: number | null): x is number => x !== null && Number.isFinite(x) && x >= 0;

export interface EntryTiming {
  /** '12 min' (whole minutes), or null without a route. */
  travelTime: string | null;
  /** '3.1 mi', or null. */
  distance: string | null;
  /** When this participant must leave to arrive on time. */
  departAt: Date | null;
  /** When they arrive (the session's arrival time). */
  arriveAt: Date | null;
  /** now + travel time: the earliest they could be there if they left now. */
  earliestNow: Date | null;
  /** Seconds until departAt from now; negative when late; null without a route or arrival time. */
  leaveInSeconds: number | null;
  /** 'just now', '25s ago', '3m ago', …; null without a time. */
  lastUpdate: string | null;
}

export function entryTiming(
  entry: Pick<
    PanelEntry,
    | 'travelTimeSeconds'
    | 'distanceMeters'
    | 'departureTime'
    | 'arrivalTime'
    | 'updatedAt'
    | 'routeOk'
  >,
  sessionArriveAt: string | null,
  now: Date,
): EntryTiming {
  const seconds =
    entry.routeOk && validSeconds(entry.travelTimeSeconds) ? entry.travelTimeSeconds : null;
  const meters = validSeconds(entry.distanceMeters) ? entry.distanceMeters : null;
  const arriveAt = seconds !== null ? (toDate(sessionArriveAt) ?? toDate(entry.arrivalTime)) : null;
  // The server's departure time is arriveAt − travel time; computed here too when it is missing.
  const departAt =
    seconds === null
      ? null
      : arriveAt
        ? leaveByDate(arriveAt, seconds)
        : toDate(entry.departureTime);
  const updated = toDate(entry.updatedAt);
  return {
    travelTime: seconds !== null ? formatMinutes(seconds) : null,
    distance: seconds !== null && meters !== null ? formatMiles(meters) : null,
    departAt,
    arriveAt,
    earliestNow: seconds !== null ? new Date(now.getTime() + seconds * 1000) : null,
    leaveInSeconds:
      seconds !== null && arriveAt
        ? leaveIn(arriveAt, seconds, now)
        : departAt
          ? (departAt.getTime() - now.getTime()) / 1000
          : null,
    lastUpdate: updated ? relativeAge(updated, now) : null,
  };
}

/**
 * The 'Leave in' countdown value: whole minutes rounded up (30 s left is '1 min', so it never
 * reads 0 while there is time), in the one duration text of every page (`formatWholeMinutes`:
 * '1 h 5 min' from an hour, '2 d 3 h 0 min' from a day); null when the time has come (the row then
 * says 'Leave now').
 */
export function leaveInText(seconds: number): string | null {
  if (!Number.isFinite(seconds) || seconds <= 0) return null;
  return formatWholeMinutes(Math.ceil(seconds / MINUTE_S));
}

/**
 * A clock time in the destination's zone: '6:30 PM' on the same local day as `now` there,
 * 'Tue, Mar 3, 6:30 PM' on another day. Without a zone (or with an unknown one) the browser's.
 */
export function formatClock(date: Date, tzId: string | null, now: Date, locale?: string): string {
  const zone = tzId && isValidZone(tzId) ? tzId : undefined;
  const sameDay = zone
    ? zonedParts(date, zone).date === zonedParts(now, zone).date
    : date.toDateString() === now.toDateString();
  const options: Intl.DateTimeFormatOptions = sameDay
    ? { hour: 'numeric', minute: '2-digit' }
    : { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' };
  return date.toLocaleString(locale, { ...options, ...(zone ? { timeZone: zone } : {}) });
}

function isValidZone(tzId: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tzId });
    return true;
  } catch {
    return false;
  }
}
