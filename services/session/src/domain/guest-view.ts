import { createHash } from 'node:crypto';
import type { Invite, Participant, Session, TravelResult } from '@oneeta/contracts';

/**
 * The anonymous view of a session: names, coarse positions (about 1 km) and times rounded to
 * {@link GUEST_TIME_STEP_MS}. No account ids (the creator's, or `user:<id>` participant ids: each
 * id becomes an opaque one of this session), no e-mail addresses, no exact distances or times.
 */
export const GUEST_TIME_STEP_MS = 5 * 60_000;

/** About 1 km: two decimals of a degree of latitude (~1.1 km). */
export const coarsen = (x: number | null) => (x === null ? null : Math.round(x * 100) / 100);

/** A participant (or invite) id as guests see it: stable within the session, unlinkable to an account. */
export const guestId = (sessionId: string, id: string) =>
  `p-${createHash('sha256').update(`${sessionId}\0${id}`).digest('base64url').slice(0, 16)}`;

const roundTime = (iso: string | null): string | null =>
  iso === null
    ? null
    : new Date(Math.round(Date.parse(iso) / GUEST_TIME_STEP_MS) * GUEST_TIME_STEP_MS).toISOString();
const roundSeconds = (s: number | null) =>
  s === null ? null : Math.round((s * 1000) / GUEST_TIME_STEP_MS) * (GUEST_TIME_STEP_MS / 1000);
/** A name that is an e-mail address (an account without a display name) is not shown to guests. */
const EMAIL_LIKE = /\S@\S/;
const guestName = (name: string) => (EMAIL_LIKE.test(name) ? '' : name);

function guestParticipant(sessionId: string, p: Participant): Participant {
  const name = guestName(p.name);
  return {
    ...p,
    id: guestId(sessionId, p.id),
    userId: null,
    name,
    label: name || 'Participant',
    email: null,
    lat: coarsen(p.lat),
    lon: coarsen(p.lon),
    travelTimeSeconds: roundSeconds(p.travelTimeSeconds),
    distanceMeters: null,
    departureTime: roundTime(p.departureTime),
    arrivalTime: roundTime(p.arrivalTime),
    updatedAt: roundTime(p.updatedAt)!,
    arrivedAt: roundTime(p.arrivedAt ?? null),
  };
}

const guestResult = (sessionId: string, r: TravelResult): TravelResult => ({
  participantId: guestId(sessionId, r.participantId),
  ok: r.ok,
  travelTimeSeconds: roundSeconds(r.travelTimeSeconds),
  distanceMeters: null,
  departureTime: roundTime(r.departureTime),
  arrivalTime: roundTime(r.arrivalTime),
});

const guestInvite = (sessionId: string, i: Invite): Invite => ({
  id: guestId(sessionId, `invite:${i.id}`),
  name: guestName(i.name),
  email: null,
  status: i.status,
  pending: i.pending,
  createdAt: roundTime(i.createdAt)!,
  inviterName: i.inviterName === null ? null : guestName(i.inviterName),
});

/** The anonymous view made from the full one (pure). */
export function guestView(full: Session): Session {
  const id = full.sessionId;
  return {
    ...full,
    creatorUserId: null,
    participants: full.participants.map((p) => guestParticipant(id, p)),
    invites: full.invites.map((i) => guestInvite(id, i)),
    createdAt: roundTime(full.createdAt)!,
    updatedAt: roundTime(full.updatedAt)!,
    closedAt: roundTime(full.closedAt),
    travel: {
      ...full.travel,
      results: full.travel.results.map((r) => guestResult(id, r)),
      earliestArrival: roundTime(full.travel.earliestArrival),
    },
    suggestedArriveAt: roundTime(full.suggestedArriveAt ?? null),
    // Where the group may meet is for its members only.
    suggestion: null,
    viewerRole: 'guest',
  };
}
