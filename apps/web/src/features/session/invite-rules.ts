import { MESSAGES, type Session } from '@oneeta/contracts';

/** Invites counted against the owner's plan: accepted plus pending (doc 1 §5, §9). */
export function invitesUsed(session: Pick<Session, 'participants' | 'invites'>): number {
  const others = session.participants.filter((p) => !p.isOwner && p.status !== 'left');
  const rowIds = new Set(others.map((p) => p.id));
  const withoutRow = session.invites.filter(
    (i) => i.pending && !rowIds.has(`invite:${i.id}`),
  ).length;
  return others.length + withoutRow;
}

/**
 * The invite form's checks before the call: an e-mail is required ('Provide an email'); a session
 * already at its invite allowance answers 'Invite limit reached'.
 */
export function inviteFormError(input: {
  email: string;
  used: number;
  max: number | null;
}): string | null {
  if (!input.email.trim()) return MESSAGES.provideEmail;
  if (input.max !== null && input.used >= input.max) return MESSAGES.inviteLimitReached;
  return null;
}

/** The free plan's save rule shown beside the invites when the session holds too many. */
export function freePlanInviteNotice(
  plan: string | undefined,
  used: number,
  max: number | null,
): string | null {
  return plan === 'free' && max !== null && used > max ? MESSAGES.freeInviteLimit : null;
}

/** The invite link the invitee opens: /session/{id}/invite/{code}. */
export function inviteHref(sessionId: string, code: string): string {
  return `/session/${encodeURIComponent(sessionId)}/invite/${encodeURIComponent(code)}`;
}
