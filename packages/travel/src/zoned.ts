/**
 * A UTC instant shown in, and read back from, the destination's IANA time zone (doc 1 §5: the
 * arrival date and time are set in the destination's zone; "the date cannot be earlier than the
 * earliest meeting date in the destination's zone"). Uses `Intl.DateTimeFormat` only.
 *
 * An unknown zone id is a RangeError (thrown by Intl). Seconds and milliseconds are dropped from
 * the wall time shown, never rounded: 18:00:59.999 shows as '18:00'.
 */

export interface ZonedParts {
  /** 'YYYY-MM-DD' */
  date: string;
  /** 'HH:mm', 24-hour */
  time: string;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The destination-zone date and time of an instant: 2026-07-01T18:00Z in Europe/Berlin → 2026-07-01 20:00. */
export function zonedParts(instant: Date, tzId: string): ZonedParts {
  const w = wallClock(instant.getTime(), tzId);
  return {
    date: `${pad(w.year, 4)}-${pad(w.month, 2)}-${pad(w.day, 2)}`,
    time: `${pad(w.hour, 2)}:${pad(w.minute, 2)}`,
  };
}

/** The zone's offset from UTC at an instant, in milliseconds (Europe/Berlin in July → +7_200_000). */
export function zoneOffsetMs(instant: Date, tzId: string): number {
  return offsetAt(instant.getTime(), tzId);
}

/**
 * The instant at which the destination's clock reads `date` `time`.
 *
 * Daylight-saving transitions are resolved the way RFC 5545 and Temporal's default
 * ('compatible') do:
 * - a wall time that occurs twice (clocks go back) is the EARLIER instant, the first pass
 *   (Europe/Berlin 2026-10-25 02:30 → 00:30Z, still CEST);
 * - a wall time that does not exist (clocks jump forward) is read with the offset in force
 *   before the jump, which lands as far after the jump as it was after the old hour began
 *   (Europe/Berlin 2026-03-29 02:30 → 01:30Z, shown as 03:30 CEST).
 * A malformed or impossible date ('2026-02-30') or time ('24:00') is a RangeError.
 */
export function zonedToUtc(date: string, time: string, tzId: string): Date {
  const wallMs = parseWallTime(date, time);
  const before = offsetAt(wallMs - DAY_MS, tzId);
  const candidates = new Set([before, offsetAt(wallMs, tzId), offsetAt(wallMs + DAY_MS, tzId)]);
  let earliest: number | null = null;
  for (const offset of candidates) {
    const instant = wallMs - offset;
    if (offsetAt(instant, tzId) === offset && (earliest === null || instant < earliest))
      earliest = instant;
  }
  return new Date(earliest ?? wallMs - before);
}

function offsetAt(ms: number, tzId: string): number {
  const wholeSecond = Math.floor(ms / 1000) * 1000;
  return utcMsOf(wallClock(wholeSecond, tzId)) - wholeSecond;
}

function wallClock(ms: number, tzId: string): WallClock {
  if (Number.isNaN(ms)) throw new RangeError('instant is an invalid date');
  const values: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of formatter(tzId).formatToParts(ms)) {
    if (part.type !== 'literal') values[part.type] = Number(part.value);
  }
  return {
    year: values.year ?? 0,
    month: values.month ?? 1,
    day: values.day ?? 1,
    hour: values.hour ?? 0,
    minute: values.minute ?? 0,
    second: values.second ?? 0,
  };
}

function formatter(tzId: string): Intl.DateTimeFormat {
  let f = formatters.get(tzId);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tzId,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(tzId, f);
  }
  return f;
}

/** Milliseconds since the epoch of a wall clock read as if it were UTC (years 0–99 stay as they are). */
function utcMsOf(w: WallClock): number {
  const d = new Date(0);
  d.setUTCFullYear(w.year, w.month - 1, w.day);
  d.setUTCHours(w.hour, w.minute, w.second, 0);
  return d.getTime();
}

function parseWallTime(date: string, time: string): number {
  const dm = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const tm = /^(\d{2}):(\d{2})$/.exec(time);
  if (!dm || !tm)
    throw new RangeError(`expected 'YYYY-MM-DD' and 'HH:mm', got '${date}' '${time}'`);
  const w: WallClock = {
    year: Number(dm[1]),
    month: Number(dm[2]),
    day: Number(dm[3]),
    hour: Number(tm[1]),
    minute: Number(tm[2]),
    second: 0,
  };
  const ms = utcMsOf(w);
  const back = new Date(ms);
  if (
    w.hour > 23 ||
    w.minute > 59 ||
    back.getUTCMonth() !== w.month - 1 ||
    back.getUTCDate() !== w.day
  ) {
    throw new RangeError(`no such date and time: '${date}' '${time}'`);
  }
  return ms;
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}
