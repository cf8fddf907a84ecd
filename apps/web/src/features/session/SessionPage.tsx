import { MESSAGES, SESSION_MESSAGES, type Session } from '@oneeta/contracts';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { isApiError } from '../../api/client';
import { useAuth } from '../../hooks/use-auth';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useSession } from '../../hooks/use-session';
import { useSessionLimits } from '../../hooks/use-session-limits';
import { formatInZone } from '../../lib/datetime';
import { SPEC, UI } from '../../text';
import { useToast } from '../toast';
import { activeParticipants, isSessionClosed, sessionStatusLabel } from './session-status';

function Centered({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="page page-narrow">
      <section className="card center-card">
        <h1>{title}</h1>
        {children}
      </section>
    </div>
  );
}

function AccessDenied() {
  return (
    <Centered title={SPEC.accessDenied}>
      <p className="muted">{SESSION_MESSAGES.accessDenied}</p>
      <div className="actions">
        <Link to="/auth" className="btn btn-primary">
          {SPEC.signInNav}
        </Link>
        <Link to="/sessions" className="btn btn-secondary">
          {SPEC.backToSessions}
        </Link>
      </div>
    </Centered>
  );
}

/** 404: the session does not exist yet; it is created on its first save (doc 1 §4). */
function NewSession({ id }: { id: string }) {
  const auth = useAuth();
  const limits = useSessionLimits(auth.status === 'signed-in');
  if (auth.status === 'signed-out') {
    return (
      <Centered title={SPEC.signUpToCreate}>
        <p className="muted">{UI.newSessionBody}</p>
        <div className="actions">
          <Link
            to="/auth"
            search={{ mode: 'register', next: `/s/${id}` }}
            className="btn btn-primary"
          >
            {SPEC.register}
          </Link>
          <Link
            to="/auth"
            search={{ mode: 'login', next: `/s/${id}` }}
            className="btn btn-secondary"
          >
            {SPEC.signInNav}
          </Link>
        </div>
      </Centered>
    );
  }
  if (auth.status === 'loading' || limits.isPending) {
    return (
      <Centered title={UI.newSessionTitle}>
        <p className="muted" role="status">
          {SPEC.checkingLimits}
        </p>
      </Centered>
    );
  }
  if (limits.data && !limits.data.limits.canCreateSessions) {
    return (
      <Centered title={UI.sessionLimitTitle}>
        <p className="muted">{MESSAGES.sessionLimitReached}</p>
        <div className="actions">
          <Link to="/plans" className="btn btn-primary">
            {SPEC.plans}
          </Link>
          <Link to="/sessions" className="btn btn-secondary">
            {SPEC.sessions}
          </Link>
        </div>
      </Centered>
    );
  }
  return (
    <Centered title={UI.newSessionTitle}>
      <p className="muted">{UI.newSessionBody}</p>
      <p>
        {UI.sessionLabel} <code className="session-code">{id}</code>
      </p>
      <Link to="/sessions" className="link">
        {SPEC.backToSessions}
      </Link>
    </Centered>
  );
}

function CopyLinkButton({ id }: { id: string }) {
  const toast = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(`${window.location.origin}/s/${id}`);
      toast.success(SPEC.quickLinkCopied);
    } catch {
      toast.error(SPEC.couldNotCopyLink);
    }
  };
  return (
    <button type="button" className="btn btn-ghost btn-sm" onClick={() => void copy()}>
      {UI.copyLink}
    </button>
  );
}

function ParticipantList({ session }: { session: Session }) {
  return (
    <section className="card" aria-labelledby="participants-title">
      <h2 id="participants-title">{UI.participants}</h2>
      <ul className="people">
        {session.participants
          .filter((p) => p.status !== 'left')
          .map((p) => (
            <li key={p.id}>
              <span className="avatar" aria-hidden="true">
                {(p.label || p.name || '?').charAt(0).toUpperCase()}
              </span>
              <span>{p.label || p.name}</span>
              {p.pending && <span className="badge">{UI.pendingInvite}</span>}
              {p.isOwner && <span className="badge">{UI.owner}</span>}
            </li>
          ))}
      </ul>
      <Link to="/sessions" className="link">
        {SPEC.backToSessions}
      </Link>
    </section>
  );
}

/** A closed session shows only its participants and the way back (doc 1 §2). */
function ClosedSession({ session }: { session: Session }) {
  return (
    <div className="page">
      <section className="card session-summary" aria-labelledby="session-title">
        <p className="eyebrow">
          {UI.sessionLabel} <code className="session-code">{session.sessionId}</code>
        </p>
        <h1 id="session-title">{session.destination?.name ?? UI.noDestination}</h1>
        <span className="badge" data-status="closed">
          {SPEC.statusClosed}
        </span>
      </section>
      <ParticipantList session={session} />
    </div>
  );
}

function Summary({ session }: { session: Session }) {
  const people = activeParticipants(session);
  const arrival = formatInZone(session.arriveAt, session.tzId);
  return (
    <div className="page">
      <section className="card session-summary" aria-labelledby="session-title">
        <p className="eyebrow">
          {UI.sessionLabel} <code className="session-code">{session.sessionId}</code>{' '}
          <CopyLinkButton id={session.sessionId} />
        </p>
        <h1 id="session-title">{session.destination?.name ?? UI.noDestination}</h1>
        {session.destination?.address && <p className="muted">{session.destination.address}</p>}
        <dl className="facts">
          <div>
            <dt>{UI.status}</dt>
            <dd>
              <span className="badge" data-status="open">
                {sessionStatusLabel(session)}
              </span>
            </dd>
          </div>
          <div>
            <dt>{UI.participants}</dt>
            <dd>{people.length}</dd>
          </div>
          {arrival && (
            <div>
              <dt>{UI.arrival}</dt>
              <dd>
                {arrival}
                {session.tzId ? ` (${session.tzId})` : ''}
              </dd>
            </div>
          )}
        </dl>
      </section>
      <ParticipantList session={session} />
    </div>
  );
}

/** /s/{id}: loads the session and shows its summary, or access denied (403), or a new session (404). */
export function SessionPage({ id }: { id: string }) {
  const session = useSession(id);
  useDocumentTitle(session.data?.destination?.name ?? UI.sessionLabel);
  if (session.isPending) {
    return (
      <div className="page" aria-busy="true">
        <p className="muted" role="status">
          {UI.loadingSession}
        </p>
      </div>
    );
  }
  if (session.isError) {
    if (isApiError(session.error, 403)) return <AccessDenied />;
    if (isApiError(session.error, 404)) return <NewSession id={id} />;
    return (
      <Centered title={UI.sessionLabel}>
        <p className="notice notice-error" role="alert">
          {isApiError(session.error) ? session.error.message : UI.couldNotLoadSession}
        </p>
        <button type="button" className="btn btn-secondary" onClick={() => void session.refetch()}>
          {UI.tryAgain}
        </button>
      </Centered>
    );
  }
  if (isSessionClosed(session.data)) return <ClosedSession session={session.data} />;
  return <Summary session={session.data} />;
}
