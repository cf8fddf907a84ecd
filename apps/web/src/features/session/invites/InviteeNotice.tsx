import { format, type Session } from '@oneeta/contracts';
import { inviteHref } from './invite-rules';
import { SESSION_UI } from '../texts';

/**
 * For a signed-in invitee who opened the session page instead of their invite link: who invited
 * them and a way to their invite page, where they accept (sharing their position) or decline. The
 * session service gives an invitee the code of their own invite only.
 */
export function InviteeNotice({ session }: { session: Session }) {
  const mine = session.invites.find((i) => i.pending && i.code);
  if (!mine?.code) return null;
  return (
    <section className="notice notice-info qs-invitee" aria-label={SESSION_UI.inviteeTitle}>
      <p>
        <strong>{SESSION_UI.inviteeTitle}</strong>{' '}
        {mine.inviterName
          ? format(SESSION_UI.inviteeBodyFrom, { name: mine.inviterName })
          : SESSION_UI.inviteeBody}
      </p>
      <a className="btn btn-primary btn-sm" href={inviteHref(session.sessionId, mine.code)}>
        {SESSION_UI.openInvite}
      </a>
    </section>
  );
}
