import type { AuthUser } from '@oneeta/service-kit';
import type { InviteRow, ParticipantRow, SessionRow } from '../store/schema.js';
import { asMember, memberRole } from './membership.js';

export type ViewerRole = 'owner' | 'participant' | 'invitee' | 'admin' | 'guest' | 'none';

/**
 * How the caller (their current account) relates to a session: a member (owner, active
 * participant, invitee by a verified e-mail: see memberRole); else the administrator; anonymous callers are guests; any other signed-in user is
 * 'none' (403).
 */
export function viewerRole(
  session: SessionRow,
  participants: ParticipantRow[],
  invites: InviteRow[],
  user: AuthUser | null,
): ViewerRole {
  if (!user) return 'guest';
  const member = memberRole(session, participants, invites, asMember(user));
  if (member) return member;
  return user.isAdmin ? 'admin' : 'none';
}

export const isMember = (role: ViewerRole) => role === 'owner' || role === 'participant';
export const canView = (role: ViewerRole) => role !== 'none';

/** A session counts as closed if isClosed is true or closedAt is set. */
export const isClosed = (session: Pick<SessionRow, 'isClosed' | 'closedAt'>) =>
  session.isClosed || session.closedAt !== null;
