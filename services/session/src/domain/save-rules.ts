import {
  MESSAGES,
  planLimits,
  SESSION_MESSAGES,
  type Destination,
  type Plan,
} from '@oneeta/contracts';
import { isTooEarly } from '@oneeta/travel';
import { canCreateSession, type Usage } from './limits.js';

/** Why a save is refused: the HTTP status, the spec's message and a stable code. */
export interface Refusal {
  status: 400 | 403;
  error: string;
  code: string;
  /** With 'too_early': the earliest time everyone can meet (ISO). */
  earliestArrival?: string;
}

export interface SaveInput {
  destination?: Destination | null | undefined;
  arriveAt?: string | null | undefined;
}

/**
 * doc 1 §5 "Saving a session": the destination is confirmed (has an id and a position), date and
 * time are set, and the arrival is not before the earliest meeting time when one is known.
 */
export function inputRefusal(input: SaveInput, earliest: Date | null): Refusal | null {
  const d = input.destination;
  if (!d || !d.id || !d.position) {
    return {
      status: 400,
      error: SESSION_MESSAGES.destinationRequired,
      code: 'destination_required',
    };
  }
  if (!input.arriveAt)
    return { status: 400, error: SESSION_MESSAGES.dateTimeRequired, code: 'datetime_required' };
  if (earliest && isTooEarly(new Date(input.arriveAt), earliest)) {
    return {
      status: 400,
      error: MESSAGES.selectedTimeTooEarly,
      code: 'too_early',
      earliestArrival: earliest.toISOString(),
    };
  }
  return null;
}

/**
 * Creating needs remaining quota (doc 1 §6): own open sessions used up → 'session limit' message;
 * blocked by the joined-open-sessions limit → 'no remaining sessions' message.
 */
export function quotaRefusal(plan: Plan, usage: Usage): Refusal | null {
  if (canCreateSession(plan, usage)) return null;
  const own = planLimits(plan).ownOpenSessions;
  if (own !== null && usage.ownedOpen >= own) {
    return { status: 403, error: MESSAGES.sessionLimitReached, code: 'session_limit' };
  }
  return { status: 403, error: MESSAGES.noRemainingSessions, code: 'no_remaining_sessions' };
}

/** The free plan may not edit a saved session (doc 1 §6 "no session edits"). */
export function editRefusal(plan: Plan): Refusal | null {
  return planLimits(plan).canEditSavedSession
    ? null
    : { status: 403, error: SESSION_MESSAGES.freePlanNoEdits, code: 'plan_no_edits' };
}

/**
 * Room in the session after the save, by the owner's plan: `others` participants besides the owner
 * (active or pending) plus `pendingInvites` not yet holding a participant row. The free plan
 * answers with its own message (doc 1 §5); other plans with the participant limit.
 */
export function roomRefusal(plan: Plan, others: number, pendingInvites: number): Refusal | null {
  const limits = planLimits(plan);
  const total = others + pendingInvites;
  if (plan === 'free' && total > limits.invitesPerSession) {
    return { status: 403, error: MESSAGES.freeInviteLimit, code: 'invite_limit' };
  }
  if (total > limits.participants)
    return { status: 403, error: SESSION_MESSAGES.participantLimit, code: 'participant_limit' };
  return null;
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

/**
 * Whether two destinations are the same place: same id and a position equal to 6 decimals (doc 1
 * §4 change detection). A stored earliest arrival only applies to the destination it was computed for.
 */
export function sameDestination(
  a: Destination | null | undefined,
  b: Destination | null | undefined,
): boolean {
  if (!a || !b) return false;
  return (
    a.id === b.id &&
    round6(a.position.lat) === round6(b.position.lat) &&
    round6(a.position.lon) === round6(b.position.lon)
  );
}
