import { countInvitesUsed, type Invite, type Participant, type Session } from '@oneeta/contracts';
import type { InviteRow, ParticipantRow, SessionRow } from '../store/schema.js';
import { isClosed, type ViewerRole } from './access.js';
import { lateness, sharingOver, suggestedArrival } from './live.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** About 1 km: two decimals of a degree of latitude (~1.1 km). */
export const coarsen = (x: number | null) => (x === null ? null : Math.round(x * 100) / 100);

/** `arriveAt`: the session's arrival time, for the participant's lateness now. */
export function participantView(p: ParticipantRow, guest = false, arriveAt: Date | null = null, now = new Date()): Participant {
  return {
    id: p.id,
    userId: guest ? null : p.userId,
    name: p.name,
    label: p.name || (guest ? 'Participant' : (p.email ?? 'Participant')),
    email: guest ? null : p.email,
    lat: guest ? coarsen(p.lat) : p.lat,
    lon: guest ? coarsen(p.lon) : p.lon,
    pending: p.status === 'pending',
    status: p.status,
    isOwner: p.isOwner,
    routeOptions: p.routeOptions,
    enroute: p.enroute,
    travelTimeSeconds: p.travelTimeSeconds,
    distanceMeters: p.distanceMeters,
    departureTime: iso(p.departureTime),
    arrivalTime: iso(p.arrivalTime),
    updatedAt: p.updatedAt.toISOString(),
    locationSource: p.locationSource,
    arrivedAt: iso(p.arrivedAt),
    minutesLate: lateness(p, arriveAt, now),
  };
}

export function inviteView(i: InviteRow, withCode: boolean, guest = false): Invite {
  return {
    id: i.id,
    name: i.name,
    email: guest ? null : i.email,
    ...(withCode ? { code: i.code } : {}),
    status: i.status,
    pending: i.status === 'pending',
    createdAt: i.createdAt.toISOString(),
    inviterName: i.inviterName,
  };
}

/**
 * The session as a caller with this role may see it (guests get the coarse read-only view). Invite
 * codes go to the owner, and to an invitee for their own invite (found by `viewerEmail`).
 */
export function sessionView(
  { session: s, participants, invites, revision }: { session: SessionRow; participants: ParticipantRow[]; invites: InviteRow[]; revision: number },
  role: Exclude<ViewerRole, 'none'>,
  viewerEmail: string | null = null,
  now = new Date(),
): Session {
  const guest = role === 'guest';
  const mine = (i: InviteRow) => role === 'invitee' && viewerEmail !== null && i.email.toLowerCase() === viewerEmail.toLowerCase();
  const shown = participants.filter((p) => p.status !== 'left');
  const ended = isClosed(s) || sharingOver(s, participants, now);
  // Once sharing ended nobody is judged late any more.
  const arriveAt = ended ? null : s.arriveAt;
  return {
    sessionId: s.id,
    destination: s.destination,
    tzId: s.tzId,
    arriveAt: iso(s.arriveAt),
    travelMode: s.travelMode,
    participants: shown.map((p) => participantView(p, guest, arriveAt, now)),
    invites: invites.filter((i) => i.status === 'pending').map((i) => inviteView(i, role === 'owner' || mine(i), guest)),
    creatorUserId: s.creatorUserId,
    isClosed: isClosed(s),
    closedAt: iso(s.closedAt),
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
    travel: {
      arriveAt: iso(s.arriveAt),
      mode: s.travelMode,
      count: shown.length,
      results: shown.map((p) => ({
        participantId: p.id,
        ok: p.travelOk === true,
        travelTimeSeconds: p.travelTimeSeconds,
        distanceMeters: p.distanceMeters,
        departureTime: iso(p.departureTime),
        arrivalTime: iso(p.arrivalTime),
      })),
      earliestArrival: iso(s.earliestArrival),
    },
    viewerRole: role,
    suggestedArriveAt: iso(suggestedArrival(participants, arriveAt, now)),
    sharingEnded: ended,
    revision,
    invitesUsed: countInvitesUsed(invites, participants),
  };
}
