/**
 * Clock times shown to a person, in a given IANA zone, labelled with that zone whenever it is not
 * the viewer's own (issue 12: arrival in the destination's zone, leave-by times in the viewer's,
 * each labelled when they differ). Uses `Intl` only; the viewer's zone is always passed in (the web
 * app reads it from the browser), so every function is pure and testable in any zone.
 */
import { zonedParts } from './zoned.js';

const canonical = new Map<string, string | null>();
/** Intl.DateTimeFormat is costly to build (a session page formats dozens of times per render). */
const clockFormats = new Map<string, Intl.DateTimeFormat>();

function clockFormat(locale: string, zone: string, sameDay: boolean): Intl.DateTimeFormat {
  const key = `${locale}|${zone}|${sameDay ? 'time' : 'day'}`;
  let f = clockFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, {
      timeZone: zone,
      ...(sameDay
        ? { hour: 'numeric', minute: '2-digit' }
        : { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }),
    });
    clockFormats.set(key, f);
  }
  return f;
}

/** The zone id as Intl resolves it ('US/Mountain' → 'America/Denver'), or null when unknown. */
export function canonicalZone(tzId: string | null | undefined): string | null {
  if (!tzId) return null;
  let known = canonical.get(tzId);
  if (known === undefined) {
    try {
      known = new Intl.DateTimeFormat('en-US', { timeZone: tzId }).resolvedOptions().timeZone;
    } catch {
      known = null;
    }
    canonical.set(tzId, known);
  }
  return known;
}

/** Whether two zone ids name the same zone (both unknown counts as the same). */
export function sameZone(a: string | null | undefined, b: string | null | undefined): boolean {
  return canonicalZone(a) === canonicalZone(b);
}

/**
 * A zone's place name for a label: 'America/Los_Angeles' → 'Los Angeles',
 * 'America/Argentina/Buenos_Aires' → 'Buenos Aires'; a zone without a place ('UTC', 'Etc/GMT+5')
 * keeps its id.
 */
export function zoneCity(tzId: string): string {
  const parts = tzId.split('/');
  if (parts.length < 2 || parts[0] === 'Etc') return tzId;
  return parts[parts.length - 1]!.replace(/_/g, ' ');
}

/** 'Denver time', 'Los Angeles time', 'UTC time'. */
export function zoneLabel(tzId: string): string {
  return `${zoneCity(tzId)} time`;
}

export interface ClockText {
  /** '4:18 PM', or 'Tue, Mar 3, 4:18 PM' on another day than `now` (in the shown zone). */
  time: string;
  /** 'Denver time' when the shown zone is not the viewer's, else null. */
  zone: string | null;
  /** time and zone together: '4:18 PM Denver time'. */
  text: string;
}

export interface ClockOptions {
  /** The instant "today" is judged by: a time on another day carries its date. */
  now: Date;
  /** The viewer's own zone (the browser's). */
  viewerTz: string;
  /**
   * The zone of the time shown beside this one: when it differs from the shown zone, this one is
   * labelled too, even in the viewer's own zone ('Leave by 4:18 PM Los Angeles time … to arrive
   * 5:30 PM Denver time').
   */
  pairedWith?: string | null;
  locale?: string;
}

/**
 * An instant as a wall-clock time in `tzId` (the viewer's zone when null or unknown), labelled with
 * the zone when it is not the viewer's (or not the `pairedWith` zone). Seconds are dropped, never rounded, like every clock.
 */
export function clockText(instant: Date, tzId: string | null, options: ClockOptions): ClockText {
  const viewer = canonicalZone(options.viewerTz) ?? 'UTC';
  const zone = canonicalZone(tzId) ?? viewer;
  const sameDay = zonedParts(instant, zone).date === zonedParts(options.now, zone).date;
  const time = clockFormat(options.locale ?? 'en-US', zone, sameDay).format(instant);
  const paired = canonicalZone(options.pairedWith);
  const label = zone !== viewer || (paired !== null && paired !== zone) ? zoneLabel(zone) : null;
  return { time, zone: label, text: label ? `${time} ${label}` : time };
}
