import { MESSAGES, SESSION_MESSAGES, type SessionLimits } from '@oneeta/contracts';
import { defaultArrivalSuggestion, earliestArrival, isTooEarly } from '@oneeta/travel';
import { ApiError } from '../../../api/client';
import { draftArriveAt, safeZonedParts, type Draft } from './draft';
import { SESSION_UI } from '../texts';

/** What the save rules need of GET /api/sessions/limits. */
export interface LimitsView {
  plan: SessionLimits['plan'];
  limits: Pick<
    SessionLimits['limits'],
    'canCreateSessions' | 'maxOwnOpenSessions' | 'maxInvitesPerSession' | 'canEditSavedSession'
  >;
  usage: Pick<SessionLimits['usage'], 'ownedOpen'>;
}

export type SaveRule =
  'sign-in' | 'destination' | 'datetime' | 'too-early' | 'quota' | 'invites' | 'edit';

export type SaveCheck =
  { ok: true; arriveAt: Date } | { ok: false; rule: SaveRule; message: string; earliest?: Date };

export interface SaveCheckInput {
  signedIn: boolean;
  /** The session does not exist yet (404): the save creates it. */
  isNew: boolean;
  draft: Draft;
  /** The earliest time everyone can meet, when known. */
  earliest: Date | null;
  /** Undefined while loading or when the call failed: the server then decides. */
  limits: LimitsView | null | undefined;
  /** People besides the owner: participants (pending included) plus invites without a row yet. */
  invitedCount: number;
}

/** The quota message: own sessions used up, else blocked by the joined-sessions limit (doc 1 §8). */
export function quotaMessage(limits: LimitsView): string {
  const own = limits.limits.maxOwnOpenSessions;
  return own !== null && limits.usage.ownedOpen >= own
    ? MESSAGES.sessionLimitReached
    : MESSAGES.noRemainingSessions;
}

/**
 * doc 1 §5 "Saving a session", checked before the call: sign-in, a destination confirmed from a
 * search result, date and time, not before the earliest meeting time, remaining quota (creation),
 * the free plan's 3 invited participants, and the free plan's "no session edits".
 */
export function checkSave(input: SaveCheckInput): SaveCheck {
  const { draft, limits } = input;
  if (!input.signedIn) return { ok: false, rule: 'sign-in', message: MESSAGES.signInToSave };
  if (!draft.destination?.id || !draft.destination.position) {
    return { ok: false, rule: 'destination', message: SESSION_MESSAGES.destinationRequired };
  }
  const arriveAt = draftArriveAt(draft);
  if (!arriveAt) return { ok: false, rule: 'datetime', message: SESSION_MESSAGES.dateTimeRequired };
  if (isTooEarly(arriveAt, input.earliest)) {
    return {
      ok: false,
      rule: 'too-early',
      message: MESSAGES.selectedTimeTooEarly,
      earliest: input.earliest!,
    };
  }
  if (limits) {
    if (input.isNew && !limits.limits.canCreateSessions)
      return { ok: false, rule: 'quota', message: quotaMessage(limits) };
    if (!input.isNew && !limits.limits.canEditSavedSession) {
      return { ok: false, rule: 'edit', message: SESSION_MESSAGES.freePlanNoEdits };
    }
    if (limits.plan === 'free' && input.invitedCount > limits.limits.maxInvitesPerSession) {
      return { ok: false, rule: 'invites', message: MESSAGES.freeInviteLimit };
    }
  }
  return { ok: true, arriveAt };
}

/** The server's own `error` text of a failed call, if it sent one. */
export function serverText(error: unknown): string | null {
  if (!(error instanceof ApiError) || !error.body || typeof error.body !== 'object') return null;
  const text = (error.body as { error?: unknown }).error;
  return typeof text === 'string' && text.trim() ? text : null;
}

/** A refused save as the form shows it (doc 1 §8 "Saving"). */
export function saveErrorOf(error: unknown): { message: string; earliest?: Date } {
  if (!(error instanceof ApiError)) return { message: SESSION_UI.saveFailed };
  if (error.status === 401) return { message: MESSAGES.sessionExpired };
  if (error.status === 403) return { message: serverText(error) ?? MESSAGES.forbidden };
  if (error.code === 'too_early') {
    const body = error.body as { earliestArrival?: unknown } | undefined;
    const at = typeof body?.earliestArrival === 'string' ? new Date(body.earliestArrival) : null;
    return {
      message: MESSAGES.selectedTimeTooEarly,
      ...(at && !Number.isNaN(at.getTime()) ? { earliest: at } : {}),
    };
  }
  return { message: serverText(error) ?? SESSION_UI.saveFailed };
}

/** The earliest meeting time from the travel times that are known: now + the longest. */
export function earliestFrom(
  travelSeconds: readonly (number | null | undefined)[],
  now: Date,
): Date | null {
  try {
    return earliestArrival(travelSeconds, now);
  } catch {
    return null;
  }
}

const MINUTE_MS = 60_000;

/** 'Use earliest time': the earliest meeting time, up to the next whole minute, in the zone. */
export function earliestFix(
  earliest: Date,
  tzId: string | null,
): { dateStr: string; timeStr: string } {
  const ceiled = new Date(Math.ceil(earliest.getTime() / MINUTE_MS) * MINUTE_MS);
  const { date, time } = safeZonedParts(ceiled, tzId);
  return { dateStr: date, timeStr: time };
}

/** The default arrival: earliest + 5 minutes (now + 5 minutes while nobody's travel time is known). */
export function suggestedArrival(earliest: Date | null, now: Date, tzId: string | null) {
  const { date, time } = safeZonedParts(defaultArrivalSuggestion(earliest ?? now), tzId);
  return { dateStr: date, timeStr: time };
}

/**
 * The date and time inputs' lower bounds: the date cannot be before the earliest meeting date in
 * the destination's zone, and on that date the time cannot be before the earliest time.
 */
export function arrivalBounds(earliest: Date | null, tzId: string | null, dateStr: string) {
  if (!earliest) return { minDate: undefined, minTime: undefined };
  const { date, time } = safeZonedParts(earliest, tzId);
  return { minDate: date, minTime: dateStr === date ? time : undefined };
}
