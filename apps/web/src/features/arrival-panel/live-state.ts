/**
 * Where each participant stands right now (issue 12 items 2–4): their live ETA if they leave now
 * (now + the travel time the server computed), whether that makes them late for the target, whether
 * they are already there, and, once the target has passed, who is there and who is still on the
 * way. Pure: every function takes `now`.
 *
 * The travel time is the server's (services/routing-worker cells.ts): planned to arrive at the
 * session's arrival time while it is ahead, departing at the time of computation once it has passed.
 * No other travel time exists in the API, so ETA = now + that travel time.
 */
import { liveEta, meetingPassed, minutesLate } from '@oneeta/travel';
import { hasLocation, type PanelEntry } from './entries';

/** Within this many metres of the destination (by route) a participant counts as there. */
export const ARRIVED_WITHIN_METERS = 200;
const MINUTE_MS = 60_000;

export type LiveKind =
  | 'pending'
  | 'notShared'
  | 'computing'
  | 'noDestination'
  | 'there'
  | 'onTime'
  | 'late'
  | 'enroute'
  | 'onTheWay';

export interface LiveState {
  kind: LiveKind;
  /** now + travel time; null without a route. */
  eta: Date | null;
  /** Whole clock minutes the ETA falls after the target (0 when on time or without either). */
  minutesLate: number;
  /** target − travel time; null without a route or target. */
  leaveBy: Date | null;
  /** Seconds until leaveBy (negative once it has gone); null without it. */
  leaveInSeconds: number | null;
}

type LiveEntry = Pick<
  PanelEntry,
  'pending' | 'lat' | 'lon' | 'routeOk' | 'travelTimeSeconds' | 'distanceMeters' | 'enroute'
> &
  Partial<Pick<PanelEntry, 'arrivedAt' | 'serverMinutesLate'>>;

export interface LiveContext {
  /** The session's arrival time (the target); null when none is set. */
  target: Date | null;
  hasDestination: boolean;
  now: Date;
}

const routedSeconds = (e: LiveEntry): number | null =>
  e.routeOk &&
  typeof e.travelTimeSeconds === 'number' &&
  Number.isFinite(e.travelTimeSeconds) &&
  e.travelTimeSeconds >= 0
    ? e.travelTimeSeconds
    : null;

/**
 * Arrived by the server's detection (issue 15: `arrivedAt`), or a routed participant whose route to
 * the destination is at most ARRIVED_WITHIN_METERS.
 */
export function isThere(e: LiveEntry): boolean {
  if (e.arrivedAt) return true;
  return (
    routedSeconds(e) !== null &&
    typeof e.distanceMeters === 'number' &&
    e.distanceMeters <= ARRIVED_WITHIN_METERS
  );
}

export function liveState(e: LiveEntry, { target, hasDestination, now }: LiveContext): LiveState {
  const none = { eta: null, minutesLate: 0, leaveBy: null, leaveInSeconds: null };
  if (e.pending) return { kind: 'pending', ...none };
  if (e.arrivedAt) return { kind: 'there', ...none };
  if (!hasLocation(e)) return { kind: 'notShared', ...none };
  const seconds = routedSeconds(e);
  if (seconds === null) return { kind: hasDestination ? 'computing' : 'noDestination', ...none };
  const eta = liveEta(seconds, now);
  // The server's judgement when it has one (issue 15: more than LATE_AFTER_MINUTES), else ours.
  const late = e.serverMinutesLate ?? (target ? minutesLate(eta, target) : 0);
  const leaveBy = target ? new Date(target.getTime() - seconds * 1000) : null;
  const timing = {
    eta,
    minutesLate: late,
    leaveBy,
    leaveInSeconds: leaveBy ? (leaveBy.getTime() - now.getTime()) / 1000 : null,
  };
  if (isThere(e)) return { kind: 'there', ...timing, minutesLate: 0 };
  if (target && meetingPassed(target, now)) return { kind: 'onTheWay', ...timing };
  if (e.enroute) return { kind: 'enroute', ...timing };
  return { kind: late > 0 ? 'late' : 'onTime', ...timing };
}

/**
 * The group's real earliest time: the latest ETA of everyone routed and not yet there; null when
 * nobody is on the way.
 */
export function groupEarliest(entries: readonly LiveEntry[], now: Date): Date | null {
  let latest: number | null = null;
  for (const e of entries) {
    const seconds = routedSeconds(e);
    if (e.pending || seconds === null || isThere(e)) continue;
    latest = Math.max(latest ?? 0, seconds);
  }
  return latest === null ? null : liveEta(latest, now);
}

/** The group's earliest time (to the minute, rounded up) when it is later (on the clock) than the target, else null. */
export function groupEarliestIfLater(
  entries: readonly LiveEntry[],
  target: Date | null,
  now: Date,
): Date | null {
  const earliest = groupEarliest(entries, now);
  if (!earliest || !target || minutesLate(earliest, target) <= 0) return null;
  // Rounded up to the minute, as the server's suggested arrival is: nobody is there by 6:04 at 6:04:30.
  return new Date(Math.ceil(earliest.getTime() / MINUTE_MS) * MINUTE_MS);
}

/** Joined (active) and invited (pending) entries: one count for the summary and the panel. */
export function participantCounts(entries: readonly Pick<PanelEntry, 'pending'>[]): {
  joined: number;
  invited: number;
} {
  const invited = entries.filter((e) => e.pending).length;
  return { joined: entries.length - invited, invited };
}
