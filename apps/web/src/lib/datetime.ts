import { canonicalZone, zoneLabel } from '@oneeta/travel';

/** The viewer's own time zone: the browser's ('UTC' when it cannot say). */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
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
  const text = date.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: zone });
  return zone === viewer ? text : `${text} ${zoneLabel(zone)}`;
}
