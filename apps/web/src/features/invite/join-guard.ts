import { ApiError, isApiError } from '../../api/client';
import {
  browserJoinStorage,
  joinDecision,
  loadJoinState,
  recordJoinFailure,
  recordServerLock,
  retryAfterFromMessage,
  saveJoinState,
  type JoinStorage,
} from './join-attempts';

/** The limiter refused without asking the server: 'Too many attempts. Try again in {n}s'. */
export class JoinLockedError extends ApiError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message, 429, 'too_many_attempts');
  }
}

export interface JoinGuardDeps {
  storage?: JoinStorage | undefined;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) =>
  ms > 0 ? new Promise<void>((resolve) => setTimeout(resolve, ms)) : Promise.resolve();

/** The server answered that the code (or the session) is unknown: a failed join attempt. */
export const isInvalidInviteError = (error: unknown) =>
  isApiError(error, 404) || (isApiError(error) && error.code === 'invalid_invite');

/**
 * Runs one join attempt (validate, accept or decline a code) through the client-side limiter:
 * refuses while locked, waits the attempt's delay, counts a wrong-code answer and adopts the
 * server's 429 lock. The server's errors are rethrown as they are.
 */
export async function runJoinAttempt<T>(
  sessionId: string,
  attempt: () => Promise<T>,
  deps: JoinGuardDeps = {},
): Promise<T> {
  const storage = 'storage' in deps ? deps.storage : browserJoinStorage();
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? defaultSleep;

  const decision = joinDecision(loadJoinState(storage, sessionId, now()), now());
  if (!decision.allowed) throw new JoinLockedError(decision.message, decision.retryAfterSeconds);
  await sleep(decision.delayMs);

  try {
    return await attempt();
  } catch (error) {
    if (isInvalidInviteError(error)) {
      saveJoinState(
        storage,
        sessionId,
        recordJoinFailure(loadJoinState(storage, sessionId, now()), now()),
      );
    } else if (isApiError(error, 429) && !(error instanceof JoinLockedError)) {
      const seconds = retryAfterFromMessage(error.message);
      saveJoinState(
        storage,
        sessionId,
        recordServerLock(loadJoinState(storage, sessionId, now()), now(), seconds),
      );
    }
    throw error;
  }
}
