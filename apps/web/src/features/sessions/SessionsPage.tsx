import { Link, useNavigate } from '@tanstack/react-router';
import { useAuth } from '../../hooks/use-auth';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { SPEC, UI } from '../../text';
import { CreateSessionButton } from './CreateSessionButton';
import { JoinInvite } from './JoinInvite';
import { SessionList } from './SessionList';

function SignedOut() {
  const navigate = useNavigate();
  return (
    <div className="page page-narrow">
      <section className="card center-card">
        <h1>{SPEC.yourSessions}</h1>
        <p className="muted">{SPEC.needSignInSessions}</p>
        <div className="actions">
          <Link to="/auth" className="btn btn-primary">
            {SPEC.signInNav}
          </Link>
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => void navigate({ to: '/' })}
          >
            {SPEC.goHome}
          </button>
        </div>
      </section>
    </div>
  );
}

/** The sessions page (doc 1 §2): open sessions, joining by invite, history, and a new session. */
export function SessionsPage() {
  useDocumentTitle(SPEC.yourSessions);
  const auth = useAuth();
  if (auth.status === 'loading') {
    return (
      <div className="page" aria-busy="true">
        <p className="muted" role="status">
          {UI.loading}
        </p>
      </div>
    );
  }
  if (auth.status === 'signed-out') return <SignedOut />;
  return (
    <div className="page">
      <div className="page-head">
        <div>
          <h1>{SPEC.yourSessions}</h1>
          <p className="muted">{UI.sessionsLead}</p>
        </div>
        <CreateSessionButton />
      </div>
      <div className="sessions-layout">
        <SessionList status="open" title={SPEC.availableSessions} />
        <JoinInvite />
        <SessionList status="closed" title={SPEC.history} />
      </div>
    </div>
  );
}
