import { format, MESSAGES, type Session } from '@oneeta/contracts';
import { SESSION_UI } from '../texts';

/**
 * Invites counted against the owner's plan, accepted plus pending (doc 1 §5, §9): the server's own
 * count (`invitesUsed`, contracts' `countInvitesUsed`: pending invites plus accepted ones whose
 * person is still active; who left or was removed frees their place), the same count it checks a
 * new invite against. An answer without it (an older server) falls back to what the view shows:
 * the people besides the owner still in, plus pending invites without a row.
 */
export function invitesUsed(
  session: Pick<Session, 'participants' | 'invites'> & Partial<Pick<Session, 'invitesUsed'>>,
): number {
  if (typeof session.invitesUsed === 'number') return session.invitesUsed;
  const others = session.participants.filter((p) => !p.isOwner && p.status !== 'left');
  const rowIds = new Set(others.map((p) => p.id));
  const withoutRow = session.invites.filter(
    (i) => i.pending && !rowIds.has(`invite:${i.id}`),
  ).length;
  return others.length + withoutRow;
}

/** The card's counter, '{used} of {max} invites used'; null when the allowance is unknown. */
export function invitesCounterText(used: number, max: number | null): string | null {
  return max === null ? null : format(SESSION_UI.invitesUsed, { used, max });
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

/** The full invite link to send: {origin}/session/{id}/invite/{code}. */
export function inviteLinkOf(origin: string, sessionId: string, code: string): string {
  return `${origin.replace(/\/+$/, '')}${inviteHref(sessionId, code)}`;
}

/** What a native share sheet gets for an invite: a title, a line of text and the link. */
export function inviteShareData(input: {
  url: string;
  destinationName: string | null | undefined;
}): ShareData {
  const where = input.destinationName?.trim();
  return {
    title: INVITE_SHARE_TITLE,
    text: where ? `Join me at ${where} on OneETA` : 'Join my OneETA session',
    url: input.url,
  };
}
export const INVITE_SHARE_TITLE = 'OneETA invite';

/** The bits of `navigator` a share needs (absent in most desktop browsers). */
export interface ShareCapable {
  share?: ((data: ShareData) => Promise<void>) | undefined;
  canShare?: ((data?: ShareData) => boolean) | undefined;
}

/**
 * May this browser open its share sheet for `data`? Only where `navigator.share` exists and,
 * when the browser can say, it accepts this data.
 */
export function canShareLink(nav: ShareCapable | undefined | null, data: ShareData): boolean {
  if (!nav || typeof nav.share !== 'function') return false;
  if (typeof nav.canShare !== 'function') return true;
  try {
    return nav.canShare(data);
  } catch {
    return false;
  }
}

/** A share the person closed themselves (AbortError) is no failure. */
export const shareWasCancelled = (error: unknown) =>
  error instanceof Error && error.name === 'AbortError';

/**
 * Why no more invites can be sent now ('Invite limit reached' and the allowance), or null while
 * there is room; `max` null (unknown or unlimited) never blocks.
 */
export function inviteLimitReason(used: number, max: number | null): string | null {
  if (max === null || used < max) return null;
  return `${MESSAGES.inviteLimitReached}: ${used} of ${max} invites used (accepted plus pending). Cancel a pending invite to invite someone else.`;
}
