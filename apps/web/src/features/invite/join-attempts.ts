import {
  format,
  JOIN_ATTEMPTS,
  JOIN_DELAY_CAP_MS,
  JOIN_DELAY_STEP_MS,
  MESSAGES,
} from '@oneeta/contracts';

/**
 * The client-side join-attempt limiter (doc 1 §5), mirroring the session service's
 * (services/session/src/store/join-attempts.ts): failed join attempts on a session id (the server
 * answered that the code is wrong) are counted in a window of JOIN_ATTEMPTS.windowSeconds; the
 * failure that reaches JOIN_ATTEMPTS.limit locks joining that session for JOIN_ATTEMPTS.lockSeconds.
 * Every attempt waits JOIN_DELAY_STEP_MS × the failures counted so far, at most JOIN_DELAY_CAP_MS.
 * A 429 from the server locks for as long as the server says. Kept in localStorage per session id.
 */
export interface JoinAttemptState {
  /** When the current counting window started (epoch ms); 0 when nothing is counted. */
  windowStart: number;
  /** Failed attempts in the current window. */
  count: number;
  /** Locked until this instant (epoch ms); 0 when not locked. */
  lockedUntil: number;
}

export type JoinDecision =
  | { allowed: true; delayMs: number }
  | { allowed: false; retryAfterSeconds: number; message: string };

export const EMPTY_JOIN_STATE: JoinAttemptState = { windowStart: 0, count: 0, lockedUntil: 0 };

const WINDOW_MS = JOIN_ATTEMPTS.windowSeconds * 1000;
const LOCK_MS = JOIN_ATTEMPTS.lockSeconds * 1000;

/** The state as of `now`: an expired lock or window counts nothing any more. */
export function currentJoinState(state: JoinAttemptState, now: number): JoinAttemptState {
  if (state.lockedUntil > now) return state;
  if (state.lockedUntil > 0) return EMPTY_JOIN_STATE;
  if (state.count > 0 && now - state.windowStart < WINDOW_MS) return state;
  return EMPTY_JOIN_STATE;
}

/** JOIN_DELAY_STEP_MS × the attempt count, capped at JOIN_DELAY_CAP_MS. */
export function joinDelayMs(count: number): number {
  return Math.min(JOIN_DELAY_CAP_MS, JOIN_DELAY_STEP_MS * Math.max(0, count));
}

/** The 'Too many attempts. Try again in {n}s' text for a lock ending `ms` from now. */
export function tooManyAttemptsMessage(seconds: number): string {
  return format(MESSAGES.tooManyAttempts, { n: seconds });
}

/** Whether one more attempt may go to the server now, and after which delay. */
export function joinDecision(state: JoinAttemptState, now: number): JoinDecision {
  const current = currentJoinState(state, now);
  if (current.lockedUntil > now) {
    const retryAfterSeconds = Math.max(1, Math.ceil((current.lockedUntil - now) / 1000));
    return {
      allowed: false,
      retryAfterSeconds,
      message: tooManyAttemptsMessage(retryAfterSeconds),
    };
  }
  return { allowed: true, delayMs: joinDelayMs(current.count) };
}

/** Counts one failed attempt; the one that reaches the limit starts the lock. */
export function recordJoinFailure(state: JoinAttemptState, now: number): JoinAttemptState {
  const current = currentJoinState(state, now);
  if (current.lockedUntil > now) return current;
  const windowStart = current.count === 0 ? now : current.windowStart;
  const count = current.count + 1;
  const lockedUntil = count >= JOIN_ATTEMPTS.limit ? now + LOCK_MS : 0;
  return { windowStart, count, lockedUntil };
}

/** The server said 429 with a wait of `seconds`: lock at least that long. */
export function recordServerLock(
  state: JoinAttemptState,
  now: number,
  seconds: number | undefined,
): JoinAttemptState {
  const current = currentJoinState(state, now);
  const until = now + (seconds !== undefined && seconds > 0 ? seconds * 1000 : LOCK_MS);
  return {
    windowStart: current.windowStart || now,
    count: Math.max(current.count, JOIN_ATTEMPTS.limit),
    lockedUntil: Math.max(current.lockedUntil, until),
  };
}

/** The seconds in a server's 'Too many attempts. Try again in {n}s' (or any "… in {n}s"). */
export function retryAfterFromMessage(message: string): number | undefined {
  const match = /(\d+)\s*s\b/.exec(message);
  return match ? Number(match[1]) : undefined;
}

// --- localStorage, per session id -------------------------------------------------------------

/** The part of Storage the limiter uses (tests pass a Map-backed one). */
export type JoinStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const joinAttemptsKey = (sessionId: string) => `oneeta:join-attempts:${sessionId}`;

function isState(value: unknown): value is JoinAttemptState {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return ['windowStart', 'count', 'lockedUntil'].every(
    (k) => typeof v[k] === 'number' && Number.isFinite(v[k]),
  );
}

export function loadJoinState(
  storage: JoinStorage | undefined,
  sessionId: string,
  now: number,
): JoinAttemptState {
  if (!storage) return EMPTY_JOIN_STATE;
  try {
    const raw = storage.getItem(joinAttemptsKey(sessionId));
    const parsed: unknown = raw ? JSON.parse(raw) : undefined;
    return isState(parsed) ? currentJoinState(parsed, now) : EMPTY_JOIN_STATE;
  } catch {
    return EMPTY_JOIN_STATE;
  }
}

export function saveJoinState(
  storage: JoinStorage | undefined,
  sessionId: string,
  state: JoinAttemptState,
): void {
  if (!storage) return;
  try {
    if (state.count === 0 && state.lockedUntil === 0)
      storage.removeItem(joinAttemptsKey(sessionId));
    else storage.setItem(joinAttemptsKey(sessionId), JSON.stringify(state));
  } catch {
    // storage full or disabled: the server still limits
  }
}

export function browserJoinStorage(): JoinStorage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}
