/**
 * Distance, duration and age texts (doc 1 §9: miles with 1609.344 m, time in whole minutes;
 * doc 2 §4 "Relative age text" and §9 "Arrival panel").
 */
import { METERS_PER_MILE } from '@oneeta/contracts';
import { roundHalfAwayFromZero } from './round.js';

/** Metres to miles with one decimal, halves away from zero (5000 m → 3.1, 241.4016 m = 0.15 mi → 0.2). */
export function metersToMiles(meters: number): number {
  assertNonNegative(meters, 'distance');
  return roundHalfAwayFromZero(meters / METERS_PER_MILE, 1);
}

/** '3.1 mi': always one decimal ('0.0 mi', '10.0 mi'). */
export function formatMiles(meters: number): string {
  return `${metersToMiles(meters).toFixed(1)} mi`;
}

/**
 * Seconds to whole minutes, rounded to the nearest minute with halves up (89 s → 1, 90 s → 2,
 * 750 s → 13). A positive time of under 30 s is 1 minute, never 0, so a trip that takes any time
 * never reads '0 min'; 0 s is 0. A negative or non-finite time is a RangeError.
 */
export function wholeMinutes(seconds: number): number {
  assertNonNegative(seconds, 'time');
  if (seconds === 0) return 0;
  return Math.max(1, Math.round(seconds / 60));
}

/**
 * A travel time in whole minutes: '12 min' under an hour, '1 h 35 min' from an hour, '1 d 0 h 41 min'
 * from a day ('2 h 0 min' keeps the minutes so every duration reads alike; 88,860 s is
 * '1 d 0 h 41 min', never '1481 min').
 */
export function formatMinutes(seconds: number): string {
  return formatWholeMinutes(wholeMinutes(seconds));
}

/**
 * A whole number of minutes as 'N min', 'H h M min' or 'D d H h M min': the one duration text every
 * page and message uses (travel times, lateness, countdowns), so 2521 minutes late reads
 * '1 d 18 h 1 min' wherever it is shown.
 */
export function formatWholeMinutes(minutes: number): string {
  if (!Number.isInteger(minutes) || minutes < 0) {
    throw new RangeError(`minutes must be a whole number ≥ 0, got ${minutes}`);
  }
  if (minutes < MINUTES_PER_HOUR) return `${minutes} min`;
  const hours = Math.floor(minutes / MINUTES_PER_HOUR);
  const hm = `${hours % HOURS_PER_DAY} h ${minutes % MINUTES_PER_HOUR} min`;
  return hours < HOURS_PER_DAY ? hm : `${Math.floor(hours / HOURS_PER_DAY)} d ${hm}`;
}

const MINUTES_PER_HOUR = 60;
const HOURS_PER_DAY = 24;

const SECOND_MS = 1000;
const MINUTE_S = 60;
const HOUR_S = 60 * MINUTE_S;
const DAY_S = 24 * HOUR_S;

/**
 * How long ago `then` was, as of `now`: under 10 s 'just now'; under 60 s 'Ns ago'; under 1 h
 * 'Nm ago'; under 1 day 'Nh ago'; otherwise 'Nd ago'. Each unit counts whole units elapsed
 * (floored: 59 min 59 s is '59m ago'). A `then` in the future (clock skew) reads 'just now'.
 */
export function relativeAge(then: Date, now: Date): string {
  const ageMs = now.getTime() - then.getTime();
  if (!(ageMs >= 10 * SECOND_MS)) return 'just now';
  const s = Math.floor(ageMs / SECOND_MS);
  if (s < MINUTE_S) return `${s}s ago`;
  if (s < HOUR_S) return `${Math.floor(s / MINUTE_S)}m ago`;
  if (s < DAY_S) return `${Math.floor(s / HOUR_S)}h ago`;
  return `${Math.floor(s / DAY_S)}d ago`;
}

function assertNonNegative(value: number, what: string): void {
  if (!Number.isFinite(value) || value < 0) {
    throw new RangeError(`${what} must be a finite number ≥ 0, got ${value}`);
  }
}
