/**
 * The group's meeting time and each person's leave-by time (doc 1 §5 and §9, ARCHITECTURE §3
 * step 5). Travel times are durations in seconds; every function that needs "now" takes it.
 */
import { DEFAULT_ARRIVAL_MARGIN_MS } from '@oneeta/contracts';

const MINUTE_MS = 60_000;

/**
 * The earliest time everyone can meet: the latest of now + travel time over the participants
 * that have a result. `null` or `undefined` means "no route for this participant" and is skipped;
 * `null` is returned when nobody has a result. A negative or non-finite time is a RangeError.
 */
export function earliestArrival(
  travelTimesSeconds: readonly (number | null | undefined)[],
  now: Date,
): Date | null {
  let longest: number | null = null;
  for (const seconds of travelTimesSeconds) {
    if (seconds === null || seconds === undefined) continue;
    assertDuration(seconds);
    if (longest === null || seconds > longest) longest = seconds;
  }
  return longest === null ? null : new Date(now.getTime() + longest * 1000);
}

/** When a participant must leave to arrive at `arriveAt`: arriveAt − travel time. */
export function leaveBy(arriveAt: Date, travelTimeSeconds: number): Date {
  assertDuration(travelTimeSeconds);
  return new Date(arriveAt.getTime() - travelTimeSeconds * 1000);
}

/**
 * Seconds from `now` until the leave-by time ('Leave in'); negative when the participant is
 * already late. Not rounded: the display decides (e.g. `formatMinutes`).
 */
export function leaveIn(arriveAt: Date, travelTimeSeconds: number, now: Date): number {
  return (leaveBy(arriveAt, travelTimeSeconds).getTime() - now.getTime()) / 1000;
}

/**
 * The arrival time suggested by default: the earliest arrival plus 5 minutes, rounded up to the
 * next whole minute (a time already on a whole minute stays as it is), so it fits a minute picker.
 */
export function defaultArrivalSuggestion(earliest: Date): Date {
  const ms = earliest.getTime() + DEFAULT_ARRIVAL_MARGIN_MS;
  return new Date(Math.ceil(ms / MINUTE_MS) * MINUTE_MS);
}

/**
 * Whether an arrival time is before the earliest meeting time ('Selected time is too early').
 * Arrival times are chosen in whole minutes, so the comparison is by minute: any time within the
 * minute that holds `earliest` is accepted (earliest 18:02:30 → 18:02 is fine, 18:01 is too early).
 * With no earliest time (nobody has a result yet) nothing is too early.
 */
export function isTooEarly(arriveAt: Date, earliest: Date | null): boolean {
  if (earliest === null) return false;
  return floorToMinute(arriveAt.getTime()) < floorToMinute(earliest.getTime());
}

function floorToMinute(ms: number): number {
  return Math.floor(ms / MINUTE_MS) * MINUTE_MS;
}

function assertDuration(seconds: number): void {
  if (!Number.isFinite(seconds) || seconds < 0) {
    throw new RangeError(`travel time must be a finite number of seconds ≥ 0, got ${seconds}`);
  }
}
