import type { AuthUser } from '@oneeta/service-kit';
import type { InviteRow, ParticipantRow, SessionRow } from '../store/schema.js';

export type ViewerRole = 'owner' | 'participant' | 'invitee' | 'admin' | 'guest' | 'none';

/**
 * How the caller relates to a session. Owner first; then an active participant; then a pending
 * invitee (a pending invite addressed to the caller's e-mail); then the administrator; anonymous
 * callers are guests; any other signed-in user is 'none' (403).
 */
export function viewerRole(
  session: SessionRow,
  participants: ParticipantRow[],
  invites: InviteRow[],
  user: AuthUser | null,
): ViewerRole {
  if (!user) return 'guest';
  if (session.creatorUserId === user.id) return 'owner';
  if (participants.some((p) => p.userId === user.id && p.status === 'active')) return 'participant';
  const email = user.email.toLowerCase();
  if (invites.some((i) => i.status === 'pending' && i.email.toLowerCase() === email)) return 'invitee';
  if (user.isAdmin) return 'admin';
  return 'none';
}

export const isMember = (role: ViewerRole) => role === 'owner' || role === 'participant';
export const canView = (role: ViewerRole) => role !== 'none';

/** A session counts as closed if isClosed is true or closedAt is set. */
export const isClosed = (session: Pick<SessionRow, 'isClosed' | 'closedAt'>) =>
  session.isClosed || session.closedAt !== null;
