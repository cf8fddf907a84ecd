/**
 * How a participant call's answer updates the cached session before the refetch lands (doc 2 §4:
 * "After a successful call the server-returned participant replaces or adds to the local list";
 * doc 2 §7: a cancelled invite is removed from the invitees and participants). Pure.
 */
import type { Participant, Session } from '@oneeta/contracts';
import { INVITE_ROW_PREFIX } from './entries';

/** The returned participant replaces the one with its id, or is added. */
export function withParticipant(session: Session, participant: Participant): Session {
  const found = session.participants.some((p) => p.id === participant.id);
  return {
    ...session,
    participants: found
      ? session.participants.map((p) => (p.id === participant.id ? participant : p))
      : [...session.participants, participant],
  };
}

/** The server's list after remove, leave or cancel (it omits whoever left or was removed). */
export function withParticipants(session: Session, participants: Participant[]): Session {
  return { ...session, participants };
}

/** The invite and its pending participant row are gone. */
export function withoutInvite(session: Session, inviteId: string): Session {
  return {
    ...session,
    invites: session.invites.filter((i) => i.id !== inviteId),
    participants: session.participants.filter((p) => p.id !== `${INVITE_ROW_PREFIX}${inviteId}`),
  };
}
