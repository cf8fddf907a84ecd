import {
  MESSAGES,
  SESSION_MESSAGES,
  SESSION_SEARCH_RESULTS_LIMIT,
  format,
} from '@oneeta/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { isApiError } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { getInvite } from '../../api/invites';
import { useAuth } from '../../hooks/use-auth';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { formatInZone } from '../../lib/datetime';
import { useViewerZone } from '../arrival-panel/viewer-zone';
import type { InviteTarget } from '../../lib/invite-link';
import { profileMenuLabel } from '../../lib/labels';
import { PlaceSearch } from '../map/PlaceSearch';
import { useToast } from '../toast';
import { isInvalidInviteError, runJoinAttempt } from './join-guard';
import { searchOrigin } from './position';
import { INVITE_SPEC, INVITE_UI } from './texts';
import { useInviteFlow, type InviteFlow, type InviteProblem } from './use-invite-flow';
import { InviteDeclined } from './InviteOutcomes';
import { ProblemNotice } from './ProblemNotice';
import { RegisterAndAccept } from './RegisterAndAccept';
import './invite.css';

type InviteView = Awaited<ReturnType<typeof getInvite>>;

/**
 * /session/{id}/invite[/{code}] (doc 1 §2 "Invite page"): validates the invite, shows who invited
 * the user, where to and when; then accept (with the device position, else a manual address),
 * decline, or, signed out, sign in / register and accept.
 */
export function InvitePage({ target }: { target: InviteTarget | undefined }) {
  useDocumentTitle(INVITE_UI.title);
  if (!target) {
    return (
      <InviteShell sessionId={null}>
        <p className="notice notice-error" role="alert">
          {MESSAGES.sessionIdAndCodeRequired}
        </p>
        <div className="actions">
          <Link to="/" className="btn btn-secondary">
            {INVITE_SPEC.goHome}
          </Link>
        </div>
      </InviteShell>
    );
  }
  return <InviteFlowView key={`${target.sessionId}/${target.code}`} target={target} />;
}

function InviteShell({
  sessionId,
  children,
  wide,
}: {
  sessionId: string | null;
  children: ReactNode;
  wide?: boolean;
}) {
  const titleId = useId();
  return (
    <div className={`page invite-page${wide ? ' invite-page-wide' : ''}`}>
      <section className="card invite-panel" aria-labelledby={titleId}>
        {sessionId && (
          <p className="eyebrow">
            {INVITE_UI.sessionLabel} <code className="session-code">{sessionId}</code>
          </p>
        )}
        <h1 id={titleId}>{INVITE_UI.title}</h1>
        {children}
      </section>
    </div>
  );
}

/** Validates once (through the join-attempt limiter), never refetching on focus. */
function useValidatedInvite(sessionId: string, code: string) {
  return useQuery({
    queryKey: queryKeys.invite(sessionId, code),
    queryFn: ({ signal }) => runJoinAttempt(sessionId, () => getInvite(sessionId, code, signal)),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: (failures, error) => !isApiError(error) || (error.status === 0 && failures < 2),
  });
}

function InviteFlowView({ target }: { target: InviteTarget }) {
  const { sessionId, code } = target;
  const query = useValidatedInvite(sessionId, code);
  const flow = useInviteFlow(sessionId, code);
  const toast = useToast();
  const navigate = useNavigate();

  // Signing in (register-and-accept) clears the query cache: keep showing the invite meanwhile.
  const [view, setView] = useState<InviteView | null>(null);
  if (query.data && query.data !== view) setView(query.data);

  const invalid = query.isError && isInvalidInviteError(query.error);
  const leaving = useRef(false);
  useEffect(() => {
    if (!invalid || leaving.current) return;
    leaving.current = true;
    toast.error(SESSION_MESSAGES.invalidInvite);
    void navigate({ to: '/', replace: true });
  }, [invalid, navigate, toast]);

  if (view) {
    return <InviteDetails sessionId={sessionId} view={view} flow={flow} />;
  }
  if (query.isError) {
    // 429 (the server's or the client-side limiter's): its message as is, nothing to retry now.
    const locked = isApiError(query.error, 429);
    const problem: InviteProblem = invalid
      ? { source: 'accept', title: SESSION_MESSAGES.invalidInvite }
      : locked
        ? { source: 'accept', title: query.error.message }
        : validationProblem(query.error);
    return (
      <InviteShell sessionId={sessionId}>
        <ProblemNotice problem={problem} />
        <div className="actions">
          {!invalid && !locked && (
            <button type="button" className="btn btn-primary" onClick={() => void query.refetch()}>
              {INVITE_UI.tryAgain}
            </button>
          )}
          <Link to="/" className="btn btn-secondary">
            {INVITE_SPEC.goHome}
          </Link>
        </div>
      </InviteShell>
    );
  }
  return (
    <InviteShell sessionId={sessionId}>
      <div className="invite-validating" role="status">
        <span className="invite-spinner" aria-hidden="true" />
        <span>{INVITE_UI.validating}</span>
      </div>
    </InviteShell>
  );
}

/** 'Could not validate invite', with the server's text below when it said more. */
function validationProblem(error: unknown): InviteProblem {
  const title = INVITE_SPEC.couldNotValidateInvite;
  const detail = isApiError(error) ? error.message : undefined;
  return detail && detail !== title
    ? { source: 'accept', title, detail }
    : { source: 'accept', title };
}

function InviteDetails({
  sessionId,
  view,
  flow,
}: {
  sessionId: string;
  view: InviteView;
  flow: InviteFlow;
}) {
  const auth = useAuth();
  const here = useLocation({ select: (l) => l.href });
  const { invite, session } = view;
  const viewerTz = useViewerZone();
  const arrival = formatInZone(session.arriveAt, session.tzId, viewerTz);
  const email = invite.email?.trim() || undefined;
  const pending = invite.status === 'pending';
  const closed = session.isClosed;
  const signedOut = auth.status === 'signed-out';
  const declined = flow.declined || invite.status === 'declined';
  const canAnswer = pending && !closed && !declined;

  const details = (
    <>
      <p className="invite-lead">
        {format(INVITE_UI.invitedYou, { name: invite.inviterName?.trim() || INVITE_UI.someone })}
      </p>
      {email && <p className="muted invite-email">{format(INVITE_UI.invitedAs, { email })}</p>}
      <dl className="invite-facts">
        <div className="invite-fact">
          <dt>{INVITE_UI.destination}</dt>
          <dd>
            {session.destination?.name ?? INVITE_UI.noDestination}
            {session.destination?.address &&
              session.destination.address !== session.destination.name && (
                <span className="invite-fact-sub">{session.destination.address}</span>
              )}
          </dd>
        </div>
        <div className="invite-fact">
          <dt>{INVITE_UI.arrival}</dt>
          <dd>{arrival ?? INVITE_UI.noArrival}</dd>
        </div>
      </dl>
    </>
  );

  let answer: ReactNode;
  if (closed) {
    answer = (
      <p className="notice notice-info" role="status">
        {SESSION_MESSAGES.closed}
      </p>
    );
  } else if (declined) {
    answer = <InviteDeclined inviterName={invite.inviterName} signedIn={signedIn(auth.status)} />;
  } else if (!pending) {
    answer = (
      <>
        <p className="notice notice-info" role="status">
          {SESSION_MESSAGES.inviteAlreadyUsed}
        </p>
        {auth.status === 'signed-in' && invite.status === 'accepted' && (
          <div className="actions">
            <Link to="/s/$id" params={{ id: sessionId }} className="btn btn-primary">
              {INVITE_UI.openSession}
            </Link>
          </div>
        )}
      </>
    );
  } else if (auth.status === 'loading') {
    answer = (
      <p className="muted" role="status">
        {INVITE_UI.waitingAttempt}
      </p>
    );
  } else if (signedOut) {
    answer = (
      <>
        <p className="muted">{INVITE_UI.signedOutLead}</p>
        {flow.problem && flow.problem.source !== 'register' && (
          <ProblemNotice problem={flow.problem} />
        )}
        <div className="actions invite-actions">
          <Link
            to="/auth"
            search={{ mode: 'login', next: here, ...(email ? { inviteEmail: email } : {}) }}
            className="btn btn-primary"
          >
            {INVITE_SPEC.signIn}
          </Link>
          <DeclineButton flow={flow} className="btn btn-ghost" />
        </div>
      </>
    );
  } else {
    answer = <SignedInAnswer sessionId={sessionId} view={view} flow={flow} />;
  }

  const wide = signedOut && canAnswer;
  return (
    <InviteShell sessionId={sessionId} wide={wide}>
      <div className={wide ? 'invite-columns' : undefined}>
        <div className="invite-main">
          {details}
          {signedIn(auth.status) && (
            <p className="muted invite-signed-in">
              {format(INVITE_UI.signedInAs, { name: profileMenuLabel(auth.user) })}
            </p>
          )}
          {answer}
        </div>
        {wide && <RegisterAndAccept email={email ?? ''} flow={flow} />}
      </div>
      <p className="invite-back">
        <Link to="/sessions" className="link">
          {INVITE_UI.backToSessions}
        </Link>
      </p>
    </InviteShell>
  );
}

const signedIn = (status: string) => status === 'signed-in';

function SignedInAnswer({
  sessionId,
  view,
  flow,
}: {
  sessionId: string;
  view: InviteView;
  flow: InviteFlow;
}) {
  const manualTitleId = useId();
  const manualRef = useRef<HTMLElement>(null);
  const destination = view.session.destination?.position ?? null;
  useEffect(() => {
    if (flow.manual) manualRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [flow.manual]);

  if (flow.manual) {
    const near = searchOrigin(flow.devicePosition, destination);
    return (
      <section className="invite-manual" aria-labelledby={manualTitleId} ref={manualRef}>
        {flow.locationRequired && (
          <div className="notice notice-error invite-problem" role="alert">
            <p className="invite-problem-title">{INVITE_SPEC.locationRequiredToJoin}</p>
            {flow.locationMessage && (
              <p className="invite-problem-detail">{flow.locationMessage}</p>
            )}
          </div>
        )}
        <h2 id={manualTitleId} className="invite-manual-title">
          {INVITE_UI.manualTitle}
        </h2>
        <p className="muted">{INVITE_UI.manualLead}</p>
        {flow.problem && <ProblemNotice problem={flow.problem} sessionId={sessionId} />}
        <PlaceSearch
          limit={SESSION_SEARCH_RESULTS_LIMIT}
          near={near}
          sessionId={sessionId}
          readonly={flow.busy}
          onConfirm={flow.acceptAt}
          label={INVITE_UI.addressLabel}
          failureMessage={INVITE_SPEC.addressSearchFailed}
        />
        {flow.phase === 'joining' && (
          <p className="muted" role="status">
            {INVITE_UI.accepting}
          </p>
        )}
        <div className="actions">
          <button
            type="button"
            className="btn btn-ghost btn-sm invite-text-button"
            onClick={() => {
              flow.closeManual();
              flow.accept();
            }}
            disabled={flow.busy}
          >
            {INVITE_UI.useMyLocation}
          </button>
        </div>
      </section>
    );
  }

  return (
    <>
      {flow.problem && <ProblemNotice problem={flow.problem} sessionId={sessionId} />}
      {flow.phase === 'locating' && (
        <p className="muted invite-status" role="status">
          {INVITE_SPEC.findingLocation}
        </p>
      )}
      <div className="actions invite-actions">
        <button
          type="button"
          className="btn btn-primary btn-lg"
          onClick={flow.accept}
          disabled={flow.busy}
        >
          {flow.phase === 'joining' || flow.phase === 'locating'
            ? INVITE_UI.accepting
            : INVITE_UI.accept}
        </button>
        <DeclineButton flow={flow} className="btn btn-secondary btn-lg" />
      </div>
      <p className="field-hint">{INVITE_UI.acceptHint}</p>
      <button
        type="button"
        className="btn btn-ghost btn-sm invite-text-button"
        onClick={flow.openManual}
        disabled={flow.busy}
      >
        {INVITE_UI.enterAddress}
      </button>
    </>
  );
}

/** 'Decline' ('Declining…' while it runs), signed in or out. */
function DeclineButton({ flow, className }: { flow: InviteFlow; className: string }) {
  return (
    <button type="button" className={className} onClick={flow.decline} disabled={flow.busy}>
      {flow.phase === 'declining' ? INVITE_UI.declining : INVITE_UI.decline}
    </button>
  );
}
