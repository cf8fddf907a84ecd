/** How a user belongs to a session, as the session service says (null: not at all). */
export type SessionRole = 'owner' | 'participant' | 'invitee' | null;

/**
 * Who may chat in a session: its owner and its active participants. A pending invitee (not yet
 * accepted) and anyone else may not.
 */
export const canChat = (role: SessionRole): role is 'owner' | 'participant' =>
  role === 'owner' || role === 'participant';

/** The name other participants see: the profile's name, else its e-mail. */
export const displayNameOf = (user: { name: string | null; email: string }): string =>
  user.name?.trim() ? user.name.trim() : user.email;
