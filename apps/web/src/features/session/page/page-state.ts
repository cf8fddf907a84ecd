import { SESSION_ID_PATTERN, type Session } from '@oneeta/contracts';
import type { AuthStatus } from '../../../hooks/use-auth';

/** Which screen of /s/{id} to show (doc 1 §2 "Quick session page", §4 "Session"). */
export type PageState =
  | 'loading'
  | 'error'
  | 'access-denied'
  | 'not-found'
  | 'removed'
  | 'invite-cancelled'
  | 'left'
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
  /** Is the route's id a session id at all (7 characters from the spec's alphabet)? */
  validId?: boolean;
  /** How the viewer belonged to the session on the last answer before a 403 (see lostMembership). */
  lost?: LostMembership;
}

/** Why a member's open page now gets 403: removed by the owner, invite cancelled, or they left. */
export type LostMembership = 'removed' | 'invite-cancelled' | 'left' | null;

/** A session id of the spec: 7 characters from lowercase letters and digits 2–9 without i, l, o. */
export const isValidSessionId = (id: string) => SESSION_ID_PATTERN.test(id);

/**
 * A 403 after the viewer had been a member (the last answer still on screen, refetched through
 * live updates or polling): still listed as an active participant → the owner removed them; a
 * pending invitee → their invite was cancelled; no longer listed (their own page already dropped
 * them) → they left.
 */
export function lostMembership(
  last: Pick<Session, 'viewerRole' | 'participants'> | undefined,
  userId: string | null | undefined,
): LostMembership {
  if (!last || !userId) return null;
  if (last.viewerRole === 'invitee') return 'invite-cancelled';
  if (last.viewerRole !== 'participant') return null;
  const row = last.participants.find((p) => p.userId === userId);
  return row && row.status === 'active' ? 'removed' : 'left';
}

/**
 * - An id that is no session id (e.g. 'W7FBRCS') → not found; a valid unknown id stays new.
 * - 403 after the viewer was a member → removed / invite cancelled / left (lostMembership).
 * - 403 (a signed-in non-member) → access denied.
 * - 404 → a new session, created on its first save: a guest first sees the 'Sign up to create a
 *   session' overlay (Continue → the read-only new screen); a signed-in user first waits for the
 *   limits ('Checking your account limits…'), then sees the limit screen or the new session.
 * - A session that is closed (isClosed or closedAt) → the closed view; otherwise the main screen,
 *   once the viewer's auth is known.
 */
export function selectPageState({
  session,
  auth,
  canCreate,
  guestContinued,
  validId = true,
  lost = null,
}: PageStateInput): PageState {
  if (!validId) return 'not-found';
  if (session.status === 'pending') return 'loading';
  // The main screen waits for the first auth answer: shown as a guest's meanwhile, it would show
  // the sign-in callout and then drop it, shifting the whole page (Lighthouse's CLS).
  if (session.status === 'success') {
    if (auth === 'loading') return 'loading';
    return session.closed ? 'closed' : 'main';
  }
  if (session.httpStatus === 403) return lost ?? 'access-denied';
  if (session.httpStatus !== 404) return 'error';
  if (auth === 'loading') return 'loading';
  if (auth === 'signed-out') return guestContinued ? 'new' : 'guest-overlay';
  if (canCreate === undefined) return 'checking-limits';
  if (canCreate === false) return 'limit-reached';
  return 'new';
}
