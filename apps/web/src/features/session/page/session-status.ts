import type { Session } from '@oneeta/contracts';
import { SPEC } from '../../../text';

/** A session counts as closed if isClosed is true or closedAt is set (doc 1 §4). */
export function isSessionClosed(session: Pick<Session, 'isClosed' | 'closedAt'>): boolean {
  return session.isClosed || session.closedAt !== null;
}

/** The summary card's status: Closed, Read-only (a guest's view) or Open. */
export function sessionStatusLabel(
  session: Pick<Session, 'isClosed' | 'closedAt' | 'viewerRole'>,
): string {
  if (isSessionClosed(session)) return SPEC.statusClosed;
  if (session.viewerRole === 'guest') return SPEC.statusReadOnly;
  return SPEC.statusOpen;
}

/** Participants who are in the session (pending invitees are not counted). */
export function activeParticipants(session: Pick<Session, 'participants'>) {
  return session.participants.filter((p) => !p.pending && p.status !== 'left');
}
