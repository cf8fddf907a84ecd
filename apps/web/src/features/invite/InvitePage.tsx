import { MESSAGES, SESSION_MESSAGES, format } from '@oneeta/contracts';
import { Link, useLocation } from '@tanstack/react-router';
import { errorMessage, isApiError } from '../../api/client';
import { useAuth } from '../../hooks/use-auth';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useInvite } from '../../hooks/use-invite';
import { formatInZone } from '../../lib/datetime';
import { profileMenuLabel } from '../../lib/labels';
import { SPEC, UI } from '../../text';

/**
 * /session/{id}/invite[/{code}]: validates the invite and shows who invited the user and where to;
 * a signed-out visitor gets Sign in / Register links that come back here.
 */
export function InvitePage({ sessionId, code }: { sessionId: string; code: string | undefined }) {
  useDocumentTitle(UI.inviteTitle);
  const auth = useAuth();
  const invite = useInvite(sessionId, code);
  const here = useLocation({ select: (l) => l.href });

  let body;
  if (!code) {
    body = (
      <p className="notice notice-error" role="alert">
        {MESSAGES.sessionIdAndCodeRequired}
      </p>
    );
  } else if (invite.isPending) {
    body = (
      <p className="muted" role="status">
        {UI.validatingInvite}
      </p>
    );
  } else if (invite.isError) {
    const invalid = isApiError(invite.error, 404) || isApiError(invite.error, 400);
    body = (
      <>
        <p className="notice notice-error" role="alert">
          {invalid
            ? SESSION_MESSAGES.invalidInvite
            : errorMessage(invite.error, SPEC.couldNotValidateInvite)}
        </p>
        <div className="actions">
          <Link to="/" className="btn btn-secondary">
            {SPEC.goHome}
          </Link>
        </div>
      </>
    );
  } else {
    const { invite: inv, session } = invite.data;
    const when = formatInZone(session.arriveAt, session.tzId);
    const email = inv.email ?? undefined;
    body = (
      <>
        <p className="invite-from">
          {format(UI.invitedYou, { name: inv.inviterName || UI.someone })}
        </p>
        <dl className="facts">
          <div>
            <dt>{UI.destination}</dt>
            <dd>{session.destination?.name ?? UI.noDestination}</dd>
          </div>
          {when && (
            <div>
              <dt>{UI.arrival}</dt>
              <dd>{when}</dd>
            </div>
          )}
          <div>
            <dt>{UI.status}</dt>
            <dd>{session.isClosed ? SPEC.statusClosed : SPEC.statusOpen}</dd>
          </div>
        </dl>
        {auth.status === 'signed-in' ? (
          <p className="muted">{format(UI.signedInAs, { name: profileMenuLabel(auth.user) })}</p>
        ) : (
          <>
            <p className="muted">{UI.inviteSignInHint}</p>
            <div className="actions">
              <Link
                to="/auth"
                search={{ mode: 'login', next: here, ...(email ? { inviteEmail: email } : {}) }}
                className="btn btn-primary"
              >
                {SPEC.signInNav}
              </Link>
              <Link
                to="/auth"
                search={{ mode: 'register', next: here, ...(email ? { inviteEmail: email } : {}) }}
                className="btn btn-secondary"
              >
                {SPEC.register}
              </Link>
            </div>
          </>
        )}
      </>
    );
  }

  return (
    <div className="page page-narrow">
      <section className="card invite-card" aria-labelledby="invite-title">
        <p className="eyebrow">
          {UI.sessionLabel} <code className="session-code">{sessionId}</code>
        </p>
        <h1 id="invite-title">{UI.inviteTitle}</h1>
        {body}
        <Link to="/sessions" className="link">
          {SPEC.backToSessions}
        </Link>
      </section>
    </div>
  );
}
