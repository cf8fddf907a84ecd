import { clockText } from '@oneeta/travel';

/**
 * An instant on the destination's clock, always with its zone (the server does not know the
 * reader's): '10:00 AM Los Angeles time', or '6:00 PM UTC' when the destination's zone is unknown or UTC.
 */
export function destinationTime(iso: string, tzId: string | null, now: Date): string {
  const clock = clockText(new Date(iso), tzId, { now, viewerTz: 'UTC' });
  return clock.zone ? clock.text : `${clock.time} UTC`;
}
