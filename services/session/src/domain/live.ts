/**
 * Issue 15's live rules, pure (every function takes `now`): who is late, who has arrived, when the
 * owner is told about no-shows, when location sharing ends, and the alerts each check implies.
 * changes/live-check.ts applies a plan inside the transaction that locks the session.
 */
import {
  ARRIVAL_EXIT_METERS,
  ARRIVAL_RADIUS_METERS,
  LATE_AFTER_MINUTES,
  LATE_STEP_MINUTES,
  NO_SHOW_AFTER_MINUTES,
  planLimits,
  planSchema,
  REPLAN_OFFER_MAX_HOURS,
  SHARING_ENDS_AFTER_HOURS,
  type SessionAlertData,
  type SessionScheduleData,
} from '@oneeta/contracts';
import { haversineMeters, liveEta, minutesLate } from '@oneeta/travel';
import type { ParticipantRow, SessionRow } from '../store/schema.js';

const MINUTE_MS = 60_000;

export type LiveSession = Pick<
  SessionRow,
  | 'id'
  | 'arriveAt'
  | 'destination'
  | 'tzId'
  | 'isClosed'
  | 'closedAt'
  | 'noShowNotifiedAt'
  | 'sharingEndedAt'
> &
  Partial<Pick<SessionRow, 'ownerPlan'>>;
export type LiveParticipant = Pick<
  ParticipantRow,
  | 'id'
  | 'userId'
  | 'name'
  | 'email'
  | 'status'
  | 'isOwner'
  | 'lat'
  | 'lon'
  | 'accuracy'
  | 'locationSource'
  | 'travelOk'
  | 'travelTimeSeconds'
  | 'nearSince'
  | 'arrivedAt'
  | 'lateNotifiedMinutes'
>;

const routed = (p: LiveParticipant): number | null =>
  p.travelOk === true && p.travelTimeSeconds !== null && p.travelTimeSeconds >= 0
    ? p.travelTimeSeconds
    : null;

/** Whole minutes their ETA (now + travel time) falls after the arrival time (0: on time); null without a route or once arrived. */
function minutesBehind(p: LiveParticipant, arriveAt: Date | null, now: Date): number | null {
  const seconds = routed(p);
  if (!arriveAt || p.status !== 'active' || p.arrivedAt || seconds === null) return null;
  return minutesLate(liveEta(seconds, now), arriveAt);
}

/** Whole minutes their ETA falls after the arrival time, when more than LATE_AFTER_MINUTES; else null. */
export function lateness(p: LiveParticipant, arriveAt: Date | null, now: Date): number | null {
  const m = minutesBehind(p, arriveAt, now);
  return m !== null && m > LATE_AFTER_MINUTES ? m : null;
}

/**
 * The arrival time the owner is offered (the session view's `suggestedArriveAt`): latestArrival, but
 * only up to REPLAN_OFFER_MAX_HOURS after the current one (past that the owner is told who is far
 * behind instead).
 */
export function suggestedArrival(
  ps: readonly LiveParticipant[],
  arriveAt: Date | null,
  now: Date,
): Date | null {
  const latest = latestArrival(ps, arriveAt, now);
  return latest &&
    arriveAt &&
    latest.getTime() - arriveAt.getTime() > REPLAN_OFFER_MAX_HOURS * 3_600_000
    ? null
    : latest;
}

/** While someone is late: the latest ETA of everyone still on the way, rounded up to the minute. */
export function latestArrival(
  ps: readonly LiveParticipant[],
  arriveAt: Date | null,
  now: Date,
): Date | null {
  if (!ps.some((p) => lateness(p, arriveAt, now) !== null)) return null;
  let latest = 0;
  for (const p of ps) {
    const seconds = routed(p);
    if (p.status === 'active' && !p.arrivedAt && seconds !== null)
      latest = Math.max(latest, seconds);
  }
  return new Date(Math.ceil(liveEta(latest, now).getTime() / MINUTE_MS) * MINUTE_MS);
}

/** Everyone active has arrived, or the arrival time is SHARING_ENDS_AFTER_HOURS behind. */
export function sharingOver(s: LiveSession, ps: readonly LiveParticipant[], now: Date): boolean {
  if (s.sharingEndedAt) return true;
  if (s.arriveAt && now.getTime() >= s.arriveAt.getTime() + SHARING_ENDS_AFTER_HOURS * 3_600_000)
    return true;
  const active = ps.filter((p) => p.status === 'active');
  return active.length > 0 && active.every((p) => p.arrivedAt !== null);
}

/**
 * The next arrival state of a participant from their current device position: within max(radius,
 * accuracy) of the destination they are near (since the first such position), and arrived once
 * near for `dwellMs`; more than ARRIVAL_EXIT_METERS beyond that radius clears both; in between,
 * an arrival stands but the dwell starts over.
 */
export function arrivalStep(
  p: LiveParticipant,
  destination: { lat: number; lon: number },
  now: Date,
  dwellMs: number,
): Pick<LiveParticipant, 'nearSince' | 'arrivedAt'> {
  if (p.locationSource !== 'device' || p.lat === null || p.lon === null)
    return { nearSince: null, arrivedAt: p.arrivedAt };
  const radius = Math.max(ARRIVAL_RADIUS_METERS, p.accuracy ?? 0);
  const d = haversineMeters({ lat: p.lat, lon: p.lon }, destination);
  if (d > radius + ARRIVAL_EXIT_METERS) return { nearSince: null, arrivedAt: null };
  if (d > radius) return { nearSince: null, arrivedAt: p.arrivedAt };
  const nearSince = p.nearSince ?? now;
  const arrivedAt = p.arrivedAt ?? (now.getTime() - nearSince.getTime() >= dwellMs ? now : null);
  return { nearSince, arrivedAt };
}

export interface LivePlan {
  /** Changed fields per participant id. */
  participants: Map<
    string,
    Partial<Pick<LiveParticipant, 'nearSince' | 'arrivedAt' | 'lateNotifiedMinutes'>>
  >;
  session: Partial<Pick<LiveSession, 'noShowNotifiedAt' | 'sharingEndedAt'>>;
  alerts: SessionAlertData[];
  /** Something the session view shows changed (an arrival, the end of sharing). */
  visible: boolean;
  /** Someone's lateness as told changed (a new late alert, or a slip that ended): session.schedule says so. */
  schedule: boolean;
}

const same = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);
const signedIn = (ps: readonly LiveParticipant[], except?: string) =>
  ps.flatMap((p) => (p.status === 'active' && p.userId && p.id !== except ? [p.userId] : []));
export const displayName = (p: Pick<LiveParticipant, 'name' | 'email'>) =>
  p.name || p.email || 'Someone';

/** What one look at a session implies now: arrivals, late alerts (with the owner's re-plan offer), the no-show alert, the end of sharing. */
export function planLive(
  s: LiveSession,
  ps: readonly LiveParticipant[],
  now: Date,
  dwellMs: number,
): LivePlan {
  const plan: LivePlan = {
    participants: new Map(),
    session: {},
    alerts: [],
    visible: false,
    schedule: false,
  };
  if (s.isClosed || s.closedAt || !s.destination || s.sharingEndedAt) return plan;
  const base = {
    sessionId: s.id,
    destinationName: s.destination.name ?? null,
    tzId: s.tzId,
    arriveAt: s.arriveAt?.toISOString() ?? null,
  };
  const owner = ps.find((p) => p.isOwner && p.status === 'active' && p.userId);
  const current = ps.map((p) => ({ ...p }));

  for (const p of current) {
    if (p.status !== 'active') continue;
    const next = arrivalStep(p, s.destination.position, now, dwellMs);
    if (same(next.nearSince, p.nearSince) && same(next.arrivedAt, p.arrivedAt)) continue;
    plan.participants.set(p.id, { ...next });
    if (!same(next.arrivedAt, p.arrivedAt)) plan.visible = true;
    if (next.arrivedAt && !p.arrivedAt) {
      plan.alerts.push({
        ...base,
        kind: 'arrived',
        recipients: signedIn(ps, p.id),
        participantId: p.id,
        name: displayName(p),
        arrivedAt: next.arrivedAt.toISOString(),
      });
    }
    Object.assign(p, next);
  }

  let slipped = false;
  for (const p of current) {
    const m = lateness(p, s.arriveAt, now);
    if (m === null) {
      // A slip is over once they are on time again (not merely under the threshold: no alert per jitter).
      if (p.lateNotifiedMinutes !== null && !minutesBehind(p, s.arriveAt, now)) {
        plan.participants.set(p.id, { ...plan.participants.get(p.id), lateNotifiedMinutes: null });
        plan.schedule = true;
      }
      continue;
    }
    if (p.lateNotifiedMinutes !== null && m < p.lateNotifiedMinutes + LATE_STEP_MINUTES) continue;
    plan.participants.set(p.id, { ...plan.participants.get(p.id), lateNotifiedMinutes: m });
    plan.alerts.push({
      ...base,
      kind: 'late',
      recipients: signedIn(ps, p.id),
      participantId: p.id,
      name: displayName(p),
      minutesLate: m,
      eta: liveEta(routed(p)!, now).toISOString(),
    });
    plan.schedule = true;
    slipped = true;
  }
  const suggested = slipped ? latestArrival(current, s.arriveAt, now) : null;
  const offer = suggested && owner?.userId ? replanOffer(s, current, suggested, now) : null;
  if (offer && owner?.userId) plan.alerts.push({ ...base, ...offer, recipients: [owner.userId] });

  if (
    s.arriveAt &&
    !s.noShowNotifiedAt &&
    now.getTime() >= s.arriveAt.getTime() + NO_SHOW_AFTER_MINUTES * MINUTE_MS
  ) {
    plan.session.noShowNotifiedAt = now;
    const missing = current.filter((p) => p.status === 'active' && !p.isOwner && !p.arrivedAt);
    if (missing.length > 0 && owner?.userId) {
      plan.alerts.push({
        ...base,
        kind: 'no-show',
        recipients: [owner.userId],
        names: missing.map(displayName),
        participantIds: missing.map((p) => p.id),
      });
    }
  }

  if (sharingOver(s, current, now)) {
    plan.session.sharingEndedAt = now;
    plan.visible = true;
  }
  // Nobody to tell: an alert without recipients is not published.
  plan.alerts = plan.alerts.filter((a) => a.recipients.length > 0);
  return plan;
}

type Offer =
  | Pick<
      Extract<SessionAlertData, { kind: 'replan-offer' }>,
      'kind' | 'suggestedArriveAt' | 'participantIds' | 'names' | 'canReplan'
    >
  | Pick<
      Extract<SessionAlertData, { kind: 'far-behind' }>,
      'kind' | 'suggestedArriveAt' | 'participantIds' | 'names'
    >;

/**
 * What the owner is offered while someone is late: to move the arrival time to `suggested` (naming
 * who is late; `canReplan` false when the owner's plan cannot edit a saved session), or, when that
 * time is more than REPLAN_OFFER_MAX_HOURS after the current one, who is far behind instead
 * (everyone whose ETA is past that bound), since moving everyone that far helps nobody.
 */
export function replanOffer(
  s: Pick<LiveSession, 'arriveAt' | 'ownerPlan'>,
  ps: readonly LiveParticipant[],
  suggested: Date,
  now: Date,
): Offer | null {
  if (!s.arriveAt) return null;
  const late = ps.flatMap((p) => {
    const m = lateness(p, s.arriveAt, now);
    return m === null ? [] : [{ p, m }];
  });
  if (late.length === 0) return null;
  const bound = REPLAN_OFFER_MAX_HOURS * 60;
  if (suggested.getTime() - s.arriveAt.getTime() > bound * MINUTE_MS) {
    const far = late.filter(({ m }) => m > bound);
    const who = far.length > 0 ? far : late;
    return {
      kind: 'far-behind',
      suggestedArriveAt: suggested.toISOString(),
      participantIds: who.map(({ p }) => p.id),
      names: who.map(({ p }) => displayName(p)),
    };
  }
  const plan = planSchema.safeParse(s.ownerPlan).data ?? 'free';
  return {
    kind: 'replan-offer',
    suggestedArriveAt: suggested.toISOString(),
    participantIds: late.map(({ p }) => p.id),
    names: late.map(({ p }) => displayName(p)),
    canReplan: planLimits(plan).canEditSavedSession,
  };
}

/** Whether someone has no trip left to time: arrived, near the destination, or under a minute away. */
const noTripLeft = (p: LiveParticipant, seconds: number | null) =>
  p.arrivedAt !== null || p.nearSince !== null || seconds === null || seconds < 60;

/**
 * The owner moved the arrival time: everyone else signed in is told the new time and their own new
 * leave-by (the new arrival time − their current travel time; null without a route, until the next
 * travel result, and for whoever has arrived or is at the destination: they get the new time only). Null when nobody else is there to tell.
 */
export function replannedAlert(
  s: LiveSession,
  ps: readonly LiveParticipant[],
  actorUserId: string,
): SessionAlertData | null {
  if (!s.arriveAt || !s.destination) return null;
  const told = ps.filter((p) => p.status === 'active' && p.userId && p.userId !== actorUserId);
  if (told.length === 0) return null;
  const arriveAt = s.arriveAt;
  return {
    kind: 'replanned',
    sessionId: s.id,
    destinationName: s.destination.name ?? null,
    tzId: s.tzId,
    arriveAt: arriveAt.toISOString(),
    recipients: told.map((p) => p.userId!),
    leaveBy: told.map((p) => {
      const seconds = routed(p);
      return {
        userId: p.userId!,
        leaveBy: noTripLeft(p, seconds)
          ? null
          : new Date(arriveAt.getTime() - seconds! * 1000).toISOString(),
      };
    }),
  };
}

/**
 * The schedule with a leave-by only where the travel result it came from was computed for the
 * session's current arrival time: right after a re-plan the stored leave-by belongs to the old time
 * (null here until travel is recomputed), so no reminder or notification states it. (Once the
 * arrival time has passed, results are computed from now and arrive later: no leave-by either.)
 */
export function currentLeaveBy(
  schedule: SessionScheduleData,
  ps: readonly Pick<ParticipantRow, 'id' | 'arrivalTime'>[],
): SessionScheduleData {
  const arriveAt = schedule.arriveAt === null ? null : Date.parse(schedule.arriveAt);
  const computedFor = new Map(ps.map((p) => [p.id, p.arrivalTime?.getTime() ?? null]));
  return {
    ...schedule,
    participants: schedule.participants.map((p) => {
      const at = computedFor.get(p.participantId) ?? null;
      return at !== null && arriveAt !== null && at !== arriveAt ? { ...p, leaveBy: null } : p;
    }),
  };
}
