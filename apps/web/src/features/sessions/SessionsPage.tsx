import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { myInvitesQuery } from '../../api/invites';
import { Later } from '../../components/Later';
import { LoadingPage } from '../../components/LoadingPage';
import { SignedOutCard } from '../../components/SignedOutCard';
import { useAuth } from '../../hooks/use-auth';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { SPEC, UI } from '../../text';
import { CreateSessionButton } from './CreateSessionButton';
import { JoinInvite } from './JoinInvite';
import { MyInvites } from './MyInvites';
import { SessionList } from './SessionList';

function SignedOut() {
  const navigate = useNavigate();
  return (
    <SignedOutCard title={SPEC.yourSessions} text={SPEC.needSignInSessions}>
      <button
        type="button"
        className="btn btn-secondary"
        onClick={() => void navigate({ to: '/' })}
      >
        {SPEC.goHome}
      </button>
    </SignedOutCard>
  );
}

/** The sessions page (doc 1 §2): open sessions, joining by invite, history, and a new session. */
export function SessionsPage() {
  useDocumentTitle(SPEC.yourSessions);
  const auth = useAuth();
  // 'Your invites' sits above the lists: the page waits for it rather than push them down when it
  // arrives (Lighthouse's CLS). The route's loader has already asked for it.
  const invites = useQuery({ ...myInvitesQuery(), enabled: auth.status === 'signed-in' });
  if (auth.status === 'loading' || (auth.status === 'signed-in' && invites.isPending))
    return <LoadingPage />;
  if (auth.status === 'signed-out') return <SignedOut />;
  // The page renders in a transition (short slices) behind the loading text: not one long task.
  return (
    <Later fallback={<LoadingPage />}>
      <SessionsContent />
    </Later>
  );
}

function SessionsContent() {
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
        <MyInvites />
        <SessionList status="open" title={SPEC.availableSessions} />
        <JoinInvite />
        <SessionList status="closed" title={SPEC.history} />
      </div>
    </div>
  );
}
