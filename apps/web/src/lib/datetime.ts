import { canonicalZone, zoneLabel } from '@oneeta/travel';

let zoneRead: { zone: string; at: number } | null = null;
/** Building an Intl.DateTimeFormat costs a millisecond or more on a phone: read the zone once a minute. */
const ZONE_REREAD_MS = 60_000;
const formats = new Map<string, Intl.DateTimeFormat>();

/** The viewer's own time zone: the browser's ('UTC' when it cannot say). */
export function browserTimeZone(): string {
  const now = Date.now();
  if (zoneRead && now - zoneRead.at < ZONE_REREAD_MS) return zoneRead.zone;
  let zone = 'UTC';
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    // no Intl zone support: UTC
  }
  zoneRead = { zone, at: now };
  return zone;
}

/**
 * Reads the viewer's zone in a task of its own, soon: the first Intl call of a page sets up the
 * browser's time-zone data (10–15 ms on a laptop, four times that on a phone). A page that shows
 * times calls this while its data is on the way, so that cost is not added to the render of the
 * data, one long task. On a first load of /s/{id} or /sessions the page's HTML has already done
 * it (early-scripts.ts), while the scripts downloaded, and this call is cheap.
 */
export function warmUpTimeZone(): void {
  setTimeout(browserTimeZone, 0);
}

function mediumFormat(locale: string, zone: string): Intl.DateTimeFormat {
  const key = `${locale}|${zone}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: zone,
    });
    formats.set(key, f);
  }
  return f;
}

/**
 * An ISO instant with its date, in a time zone (the destination's; the viewer's when null or
 * unknown), labelled with the zone whenever it is not the viewer's own: "Mar 3, 2026, 6:30 PM",
 * or "Mar 3, 2026, 6:30 PM Denver time" for a viewer elsewhere. Null without a valid time.
 */
export function formatInZone(
  iso: string | null,
  tzId: string | null,
  viewerTz: string = browserTimeZone(),
  locale = 'en-US',
): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const viewer = canonicalZone(viewerTz) ?? 'UTC';
  const zone = canonicalZone(tzId) ?? viewer;
  const text = mediumFormat(locale, zone).format(date);
  return zone === viewer ? text : `${text} ${zoneLabel(zone)}`;
}
