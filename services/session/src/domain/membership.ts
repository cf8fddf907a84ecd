import type { ParticipantRow, SessionRow } from '../store/schema.js';

export type MemberRole = 'owner' | 'participant' | 'invitee';

/**
 * How a user (known by id only, as the /ws hub knows them) belongs to a session: the owner; an
 * active participant; an invitee holding a pending participant row. Anyone else, including a
 * pending invite not yet tied to a user, is not a member.
 */
export function memberRole(
  session: Pick<SessionRow, 'creatorUserId'>,
  participants: Pick<ParticipantRow, 'userId' | 'status'>[],
  userId: string,
): MemberRole | null {
  if (session.creatorUserId === userId) return 'owner';
  const row = participants.find((p) => p.userId === userId);
  if (row?.status === 'active') return 'participant';
  if (row?.status === 'pending') return 'invitee';
  return null;
}
