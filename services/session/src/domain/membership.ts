import type { InviteRow, ParticipantRow, SessionRow } from '../store/schema.js';

export type MemberRole = 'owner' | 'participant' | 'invitee';

/** Who asks: their id, and their e-mail only once they proved they own it. */
export interface Member {
  id: string;
  /** A verified e-mail finds pending invites addressed to it; an unverified one finds nothing. */
  verifiedEmail?: string | null | undefined;
}

/** The caller's e-mail when it is verified, else null (what e-mail-matched rights go by). */
export const verifiedEmailOf = (
  user: { email: string; emailVerified: boolean } | null,
): string | null => (user?.emailVerified ? user.email : null);

/** The caller as memberRole sees them: the account's e-mail counts only when it is verified. */
export const asMember = (user: { id: string; email: string; emailVerified: boolean }): Member => ({
  id: user.id,
  verifiedEmail: verifiedEmailOf(user),
});

/** Is this pending invite addressed to the caller's verified e-mail? */
export const invitedByEmail = (
  invite: Pick<InviteRow, 'email' | 'status'>,
  member: Member,
): boolean =>
  invite.status === 'pending' &&
  !!member.verifiedEmail &&
  invite.email.toLowerCase() === member.verifiedEmail.toLowerCase();

/**
 * How a user (known by id, and by their verified e-mail when there is one, which the /ws hub sends
 * only when verified) belongs to a session: the owner; an active participant; an invitee, holding
 * a pending participant row or a pending invite addressed to their verified e-mail (anyone can type
 * an address; only a verified one proves it is theirs). Anyone else, including someone who left,
 * is not a member. The invite code is a way in of its own, checked where it is used.
 */
export function memberRole(
  session: Pick<SessionRow, 'creatorUserId'>,
  participants: Pick<ParticipantRow, 'userId' | 'status'>[],
  invites: Pick<InviteRow, 'email' | 'status'>[],
  user: Member,
): MemberRole | null {
  if (session.creatorUserId === user.id) return 'owner';
  const row = participants.find((p) => p.userId === user.id);
  if (row?.status === 'active') return 'participant';
  if (row?.status === 'pending') return 'invitee';
  if (invites.some((i) => invitedByEmail(i, user))) return 'invitee';
  return null;
}
