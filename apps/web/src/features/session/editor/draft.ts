import type { Destination, Session } from '@oneeta/contracts';
import { roundHalfAwayFromZero, zonedParts, zonedToUtc } from '@oneeta/travel';

/** The details form: what the owner edits before saving (doc 1 §3 "per-session draft"). */
export interface Draft {
  destination: Destination | null;
  tzId: string | null;
  /** 'YYYY-MM-DD' in the destination's zone, '' when not chosen. */
  dateStr: string;
  /** 'HH:mm' in the destination's zone, '' when not chosen. */
  timeStr: string;
}

export type DraftField = 'destination' | 'tzId' | 'date' | 'time';

export const EMPTY_DRAFT: Draft = { destination: null, tzId: null, dateStr: '', timeStr: '' };

/** Destination coordinates are compared at 6 decimals (doc 1 §4 "Unsaved changes"). */
export const COORDINATE_DECIMALS = 6;

/** The browser's own zone: the fallback when the destination's is not known. */
export function browserZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The instant's date and time in a zone; empty strings when it cannot be shown. */
export function safeZonedParts(
  instant: Date | string | null,
  tzId: string | null,
): { date: string; time: string } {
  if (!instant) return { date: '', time: '' };
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) return { date: '', time: '' };
  try {
    return zonedParts(date, tzId ?? browserZone());
  } catch {
    return zonedParts(date, 'UTC');
  }
}

/** The saved copy of a session as the form holds it. */
export function draftFromSession(
  session: Pick<Session, 'destination' | 'tzId' | 'arriveAt'>,
): Draft {
  const { date, time } = safeZonedParts(session.arriveAt, session.tzId);
  return { destination: session.destination, tzId: session.tzId, dateStr: date, timeStr: time };
}

const round = (x: number) => roundHalfAwayFromZero(x, COORDINATE_DECIMALS);

/** Same place: same id, and coordinates equal once rounded to 6 decimals. */
export function sameDestination(a: Destination | null, b: Destination | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    a.id === b.id &&
    round(a.position.lat) === round(b.position.lat) &&
    round(a.position.lon) === round(b.position.lon)
  );
}

/**
 * The fields that differ from the last saved copy. A session never saved (`saved` null) counts
 * every filled field as a change.
 */
export function changedFields(draft: Draft, saved: Draft | null): DraftField[] {
  const base = saved ?? EMPTY_DRAFT;
  const changed: DraftField[] = [];
  if (!sameDestination(draft.destination, base.destination)) changed.push('destination');
  if ((draft.tzId ?? null) !== (base.tzId ?? null) && (saved !== null || draft.tzId !== null))
    changed.push('tzId');
  if (draft.dateStr !== base.dateStr) changed.push('date');
  if (draft.timeStr !== base.timeStr) changed.push('time');
  return changed;
}

/** Whether 'Save changes' shows and the travel preview is stale (doc 1 §4). */
export function hasUnsavedChanges(draft: Draft, saved: Draft | null): boolean {
  return changedFields(draft, saved).length > 0;
}

/** The arrival instant the draft describes, or null while date or time is missing or impossible. */
export function draftArriveAt(draft: Pick<Draft, 'dateStr' | 'timeStr' | 'tzId'>): Date | null {
  if (!draft.dateStr || !draft.timeStr) return null;
  try {
    return zonedToUtc(draft.dateStr, draft.timeStr, draft.tzId ?? browserZone());
  } catch {
    return null;
  }
}
