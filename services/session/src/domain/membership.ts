import type { InviteRow, ParticipantRow, SessionRow } from '../store/schema.js';

export type MemberRole = 'owner' | 'participant' | 'invitee';

/**
 * How a user (known by id, and by e-mail when the caller knows it, as the /ws hub does) belongs to
 * a session: the owner; an active participant; an invitee, holding a pending participant row or a
 * pending invite addressed to their e-mail. Anyone else, including someone who left, is not a member.
 */
export function memberRole(
  session: Pick<SessionRow, 'creatorUserId'>,
  participants: Pick<ParticipantRow, 'userId' | 'status'>[],
  invites: Pick<InviteRow, 'email' | 'status'>[],
  user: { id: string; email?: string | undefined },
): MemberRole | null {
  if (session.creatorUserId === user.id) return 'owner';
  const row = participants.find((p) => p.userId === user.id);
  if (row?.status === 'active') return 'participant';
  if (row?.status === 'pending') return 'invitee';
  const email = user.email?.toLowerCase();
  if (email && invites.some((i) => i.status === 'pending' && i.email.toLowerCase() === email)) return 'invitee';
  return null;
}
