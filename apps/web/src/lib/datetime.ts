/** An ISO instant shown in a time zone (the destination's), e.g. "Mar 3, 2026, 6:30 PM". */
export function formatInZone(
  iso: string | null,
  tzId: string | null,
  locale?: string,
): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  try {
    return date.toLocaleString(locale, {
      dateStyle: 'medium',
      timeStyle: 'short',
      ...(tzId ? { timeZone: tzId } : {}),
    });
  } catch {
    return date.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
  }
}
