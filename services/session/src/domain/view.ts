import { countInvitesUsed, type Invite, type Participant, type Session } from '@oneeta/contracts';
import type { InviteRow, ParticipantRow, SessionRow } from '../store/schema.js';
import { isClosed, type ViewerRole } from './access.js';
import { guestView } from './guest-view.js';
import { lateness, sharingOver, suggestedArrival } from './live.js';
import { suggestionState, suggestionView } from './suggestions.js';
import type { StoredSuggestion } from '../store/suggestions-store.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** `arriveAt`: the session's arrival time, for the participant's lateness now. */
export function participantView(
  p: ParticipantRow,
  arriveAt: Date | null = null,
  now = new Date(),
): Participant {
  return {
    id: p.id,
    userId: p.userId,
    name: p.name,
    label: p.name || (p.email ?? 'Participant'),
    email: p.email,
    lat: p.lat,
    lon: p.lon,
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

export function inviteView(i: InviteRow, withCode: boolean): Invite {
  return {
    id: i.id,
    name: i.name,
    email: i.email,
    ...(withCode ? { code: i.code } : {}),
    status: i.status,
    pending: i.status === 'pending',
    createdAt: i.createdAt.toISOString(),
    inviterName: i.inviterName,
  };
}

/**
 * The session as a caller with this role may see it (guests get the coarse view of guest-view.ts). Invite
 * codes go to the owner, and to an invitee for their own invite (found by `viewerEmail`). The
 * suggestion shows while it counts, with `viewerUserId`'s own vote.
 */
export function sessionView(
  {
    session: s,
    participants,
    invites,
    revision,
    suggestion,
  }: {
    session: SessionRow;
    participants: ParticipantRow[];
    invites: InviteRow[];
    revision: number;
    suggestion?: StoredSuggestion | null;
  },
  role: Exclude<ViewerRole, 'none'>,
  viewerEmail: string | null = null,
  now = new Date(),
  viewerUserId: string | null = null,
): Session {
  const mine = (i: InviteRow) =>
    role === 'invitee' &&
    viewerEmail !== null &&
    i.email.toLowerCase() === viewerEmail.toLowerCase();
  const shown = participants.filter((p) => p.status !== 'left');
  const ended = isClosed(s) || sharingOver(s, participants, now);
  // Once sharing ended nobody is judged late any more.
  const arriveAt = ended ? null : s.arriveAt;
  const full: Session = {
    sessionId: s.id,
    destination: s.destination,
    tzId: s.tzId,
    arriveAt: iso(s.arriveAt),
    travelMode: s.travelMode,
    participants: shown.map((p) => participantView(p, arriveAt, now)),
    invites: invites
      .filter((i) => i.status === 'pending')
      .map((i) => inviteView(i, role === 'owner' || mine(i))),
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
    suggestion: currentSuggestion(role, suggestion, participants, viewerUserId, now),
  };
  return role === 'guest' ? guestView(full) : full;
}

function currentSuggestion(
  role: Exclude<ViewerRole, 'none'>,
  stored: StoredSuggestion | null | undefined,
  participants: ParticipantRow[],
  viewerUserId: string | null,
  now: Date,
) {
  if (!stored || role === 'guest' || suggestionState(stored.row, participants, now) !== 'current')
    return null;
  const voter = participants.find(
    (p) => viewerUserId !== null && p.userId === viewerUserId && p.status === 'active',
  );
  return suggestionView(stored, participants, voter?.id ?? null);
}
