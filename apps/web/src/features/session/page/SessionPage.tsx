import { SESSION_MESSAGES } from '@oneeta/contracts';
import { useState } from 'react';
import { isApiError } from '../../../api/client';
import { useAuth } from '../../../hooks/use-auth';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useSession } from '../../../hooks/use-session';
import { useSessionLimits } from '../../../hooks/use-session-limits';
import { UI } from '../../../text';
import { isValidSessionId, lostMembership, selectPageState } from './page-state';
import { createBlockReason } from '../../sessions/limit-reason';
import { quotaMessage } from '../editor/save-rules';
import { isSessionClosed } from './session-status';
import { SessionMain } from './SessionMain';
import { Later } from '../../../components/Later';
import {
  AccessDenied,
  CheckingLimits,
  ClosedView,
  ErrorScreen,
  GuestOverlay,
  LimitReached,
  LoadingScreen,
  LostAccess,
  NotFound,
} from './StateScreens';
import '../session.css';

/**
 * /s/{id} (doc 1 §2 "Quick session page"): an id that cannot be a session is 'Session not found'
 * (nothing is loaded); else the session page.
 */
export function SessionPage({ id }: { id: string }) {
  if (!isValidSessionId(id)) return <NotFoundPage />;
  return <LoadedSessionPage id={id} />;
}

function NotFoundPage() {
  useDocumentTitle(SESSION_MESSAGES.notFound);
  return <NotFound />;
}

/**
 * Loads the session and picks the screen — access denied (403; or removed / invite cancelled /
 * left when the viewer had been a member), a new session (404; limits first, or the guest
 * overlay), the main screen, the closed view.
 */
function LoadedSessionPage({ id }: { id: string }) {
  const auth = useAuth();
  const session = useSession(id);
  const limits = useSessionLimits(auth.status === 'signed-in');
  const [guestContinued, setGuestContinued] = useState(false);
  useDocumentTitle(session.data?.destination?.name ?? UI.sessionLabel);

  // A 403 wins over data already shown: a participant who was just removed must see Access denied,
  // while a passing network failure on a refetch keeps the last session on screen.
  const denied = session.isError && isApiError(session.error, 403);
  const state = selectPageState({
    session: denied
      ? { status: 'error', httpStatus: 403 }
      : session.data
        ? { status: 'success', closed: isSessionClosed(session.data) }
        : session.isError
          ? { status: 'error', httpStatus: isApiError(session.error) ? session.error.status : 0 }
          : { status: 'pending' },
    auth: auth.status,
    canCreate: limits.data
      ? limits.data.limits.canCreateSessions
      : limits.isError
        ? null
        : undefined,
    guestContinued,
    lost: denied ? lostMembership(session.data, auth.user?.id) : null,
  });

  switch (state) {
    case 'loading':
      return <LoadingScreen />;
    case 'error':
      return (
        <ErrorScreen
          message={isApiError(session.error) ? session.error.message : UI.couldNotLoadSession}
          onRetry={() => void session.refetch()}
        />
      );
    case 'access-denied':
      return <AccessDenied />;
    case 'removed':
    case 'invite-cancelled':
    case 'left':
      return <LostAccess why={state} />;
    case 'not-found':
      return <NotFound />;
    case 'guest-overlay':
      return <GuestOverlay id={id} onContinue={() => setGuestContinued(true)} />;
    case 'checking-limits':
      return <CheckingLimits />;
    case 'limit-reached':
      return (
        <LimitReached
          message={limits.data ? quotaMessage(limits.data) : UI.sessionLimitTitle}
          reason={limits.data ? createBlockReason(limits.data) : null}
        />
      );
    case 'closed':
      return session.data ? <ClosedView session={session.data} /> : <LoadingScreen />;
    case 'new':
    case 'main':
      // The session's arrival is a synchronous update: SessionMain (its hooks, then its effects:
      // the live connection, location, queries) mounts in a transition, in tasks of their own.
      return (
        <Later fallback={<LoadingScreen />}>
          <SessionMain id={id} session={state === 'main' ? (session.data ?? null) : null} />
        </Later>
      );
  }
}
