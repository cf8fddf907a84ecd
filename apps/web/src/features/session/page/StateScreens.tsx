import { SESSION_MESSAGES, type Session } from '@oneeta/contracts';
import { Link } from '@tanstack/react-router';
import { Suspense, useEffect, useId, useRef, type ReactNode } from 'react';
import { SPEC, UI } from '../../../text';
import { activeParticipants } from './session-status';
import { SESSION_SPEC, SESSION_UI } from '../texts';
import { LoadingPage } from '../../../components/LoadingPage';
import type { CreateBlock } from '../../sessions/limit-reason';
import { LazyCommunicationWidget } from '../../chat';

export function Centered({
  title,
  children,
  busy,
}: {
  title: string;
  children: ReactNode;
  busy?: boolean;
}) {
  return (
    <div className="page page-narrow" aria-busy={busy || undefined}>
      <section className="card center-card">
        <h1>{title}</h1>
        {children}
      </section>
    </div>
  );
}

export function LoadingScreen() {
  return <LoadingPage text={UI.loadingSession} />;
}

export function ErrorScreen({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Centered title={UI.sessionLabel}>
      <p className="notice notice-error" role="alert">
        {message}
      </p>
      <div className="actions">
        <button type="button" className="btn btn-secondary" onClick={onRetry}>
          {UI.tryAgain}
        </button>
      </div>
    </Centered>
  );
}

/** A signed-in non-member (403): links to /auth and /sessions. */
export function AccessDenied() {
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

/** A title, a line and 'Back to sessions': the page's dead ends. */
function BackToSessions({ title, body }: { title: string; body: string }) {
  return (
    <Centered title={title}>
      <p className="muted">{body}</p>
      <div className="actions">
        <Link to="/sessions" className="btn btn-primary">
          {SPEC.backToSessions}
        </Link>
      </div>
    </Centered>
  );
}

/** An id that cannot be a session ('W7FBRCS': uppercase, 'i', 'l', 'o', 0, 1, not 7 long). */
export function NotFound() {
  return <BackToSessions title={SESSION_MESSAGES.notFound} body={SESSION_UI.notFoundBody} />;
}

const LOST_TEXTS = {
  removed: { title: SESSION_UI.removedTitle, body: SESSION_UI.removedBody },
  'invite-cancelled': {
    title: SESSION_UI.inviteCancelledTitle,
    body: SESSION_UI.inviteCancelledBody,
  },
  left: { title: SESSION_UI.leftTitle, body: SESSION_UI.leftBody },
} as const;

/** A member's open page after they lost access (removed, invite cancelled, left): says which. */
export function LostAccess({ why }: { why: keyof typeof LOST_TEXTS }) {
  return <BackToSessions {...LOST_TEXTS[why]} />;
}

export function CheckingLimits() {
  return (
    <Centered title={UI.newSessionTitle} busy>
      <p className="muted" role="status">
        {SPEC.checkingLimits}
      </p>
    </Centered>
  );
}

/**
 * No session can be created on this plan now: the spec's message, and the real reason when it is
 * the joined-session limit (the spec's words speak of the user's own sessions); links to /plans
 * and /sessions.
 */
export function LimitReached({ message, reason }: { message: string; reason: CreateBlock | null }) {
  return (
    <Centered title={UI.sessionLimitTitle}>
      <p className="muted">{message}</p>
      {reason?.kind === 'joined' && <p>{reason.text}</p>}
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

/** A guest on a new session: 'Sign up to create a session' with Register, Sign in, Continue (read-only). */
export function GuestOverlay({ id, onContinue }: { id: string; onContinue: () => void }) {
  const titleId = useId();
  const first = useRef<HTMLAnchorElement>(null);
  useEffect(() => first.current?.focus(), []);
  const next = `/s/${id}`;
  return (
    <div className="qs-backdrop">
      <div className="card qs-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <h1 id={titleId}>{SPEC.signUpToCreate}</h1>
        <p className="muted">{SESSION_UI.guestOverlayBody}</p>
        <div className="actions">
          <Link
            ref={first}
            to="/auth"
            search={{ mode: 'register', next }}
            className="btn btn-primary"
          >
            {SPEC.register}
          </Link>
          <Link to="/auth" search={{ mode: 'login', next }} className="btn btn-secondary">
            {SPEC.signInNav}
          </Link>
          <button type="button" className="btn btn-ghost" onClick={onContinue}>
            {SESSION_SPEC.continueReadOnly}
          </button>
        </div>
      </div>
    </div>
  );
}

/** A closed session shows only its participants and 'Back to sessions' (doc 1 §2). */
export function ClosedView({ session }: { session: Session }) {
  const people = activeParticipants(session);
  return (
    <div className="page page-narrow qs-closed">
      <section className="card" aria-labelledby="qs-closed-title">
        <p className="eyebrow">
          {UI.sessionLabel} <code className="session-code">{session.sessionId}</code>{' '}
          <span className="badge" data-status="closed">
            {SPEC.statusClosed}
          </span>
        </p>
        <h1 id="qs-closed-title">{SESSION_UI.closedTitle}</h1>
        {session.destination && <p className="muted">{session.destination.name}</p>}
        <h2 className="qs-subtitle">{SESSION_UI.participants}</h2>
        <ul className="people">
          {people.map((p) => (
            <li key={p.id}>
              <span className="avatar" aria-hidden="true">
                {(p.label || p.name || '?').charAt(0).toUpperCase()}
              </span>
              <span>{p.label || p.name}</span>
              {p.isOwner && <span className="badge">{UI.owner}</span>}
            </li>
          ))}
        </ul>
        <Link to="/sessions" className="btn btn-secondary">
          {SPEC.backToSessions}
        </Link>
      </section>
      {/* The chat is torn down with the session: the widget says 'Session closed' (doc 2 §4). */}
      {(session.viewerRole === 'owner' || session.viewerRole === 'participant') && (
        <Suspense fallback={null}>
          <LazyCommunicationWidget
            sessionId={session.sessionId}
            isOwner={session.viewerRole === 'owner'}
            canConnect={false}
            live={false}
            senderName=""
            closed
          />
        </Suspense>
      )}
    </div>
  );
}
