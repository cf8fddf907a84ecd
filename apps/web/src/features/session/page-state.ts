import type { AuthStatus } from '../../hooks/use-auth';

/** Which screen of /s/{id} to show (doc 1 §2 "Quick session page", §4 "Session"). */
export type PageState =
  | 'loading'
  | 'error'
  | 'access-denied'
  | 'guest-overlay'
  | 'checking-limits'
  | 'limit-reached'
  | 'new'
  | 'main'
  | 'closed';

export interface PageStateInput {
  /** The session query: still loading, failed (with the HTTP status) or answered. */
  session:
    | { status: 'pending' }
    | { status: 'error'; httpStatus: number }
    | { status: 'success'; closed: boolean };
  auth: AuthStatus;
  /** GET /api/sessions/limits: undefined while it loads; null when it failed (the save then decides). */
  canCreate: boolean | null | undefined;
  /** The guest pressed 'Continue (read-only)' on the guest overlay. */
  guestContinued: boolean;
}

/**
 * - 403 (a signed-in non-member) → access denied.
 * - 404 → a new session, created on its first save: a guest first sees the 'Sign up to create a
 *   session' overlay (Continue → the read-only new screen); a signed-in user first waits for the
 *   limits ('Checking your account limits…'), then sees the limit screen or the new session.
 * - A session that is closed (isClosed or closedAt) → the closed view; otherwise the main screen.
 */
export function selectPageState({
  session,
  auth,
  canCreate,
  guestContinued,
}: PageStateInput): PageState {
  if (session.status === 'pending') return 'loading';
  if (session.status === 'success') return session.closed ? 'closed' : 'main';
  if (session.httpStatus === 403) return 'access-denied';
  if (session.httpStatus !== 404) return 'error';
  if (auth === 'loading') return 'loading';
  if (auth === 'signed-out') return guestContinued ? 'new' : 'guest-overlay';
  if (canCreate === undefined) return 'checking-limits';
  if (canCreate === false) return 'limit-reached';
  return 'new';
}
