/**
 * Live lateness (issue 12 item 3): a participant's ETA if they leave now is now + their travel
 * time, and they are late by the whole clock minutes that ETA falls after the target. Minutes are
 * counted on the clock (both times cut to the minute, as they are shown), so 'ETA 3:28 PM' for a
 * 3:00 PM target always reads '28 min late'.
 */
const MINUTE_MS = 60_000;

/** now + travel time. A negative or non-finite travel time is a RangeError. */
export function liveEta(travelTimeSeconds: number, now: Date): Date {
  if (!Number.isFinite(travelTimeSeconds) || travelTimeSeconds < 0) {
    throw new RangeError(
      `travel time must be a finite number of seconds ≥ 0, got ${travelTimeSeconds}`,
    );
  }
  return new Date(now.getTime() + travelTimeSeconds * 1000);
}

/** Whole clock minutes `eta` is after `target`; 0 when on time or early. */
export function minutesLate(eta: Date, target: Date): number {
  const diff = floorToMinute(eta.getTime()) - floorToMinute(target.getTime());
  return diff > 0 ? diff / MINUTE_MS : 0;
}

/** The meeting time has come: now is at or after the target. */
export function meetingPassed(target: Date, now: Date): boolean {
  return now.getTime() >= target.getTime();
}

function floorToMinute(ms: number): number {
  return Math.floor(ms / MINUTE_MS) * MINUTE_MS;
}
