/**
 * What the profile's push controls say when push cannot be turned on (doc 1 §8 Push, and ours: why,
 * and what still works). Apart from push-logic.ts, which the session page's first screen imports
 * without these texts.
 */
import { PUSH_TEXT } from './texts';

/** A push failure: the spec's text (doc 1 §8 Push) and, ours, why and what still works. */
export interface PushProblem {
  title: string;
  detail: string | null;
}

/** Where turning push on failed. */
export type PushFailure =
  | 'service-worker'
  | 'push-manager'
  | 'notification'
  | 'worker-not-running'
  | 'push-service'
  | 'server';

const WHY: Record<Exclude<PushFailure, 'server'>, string> = {
  'service-worker': PUSH_TEXT.noServiceWorker,
  'push-manager': PUSH_TEXT.noPushManager,
  notification: PUSH_TEXT.noNotifications,
  'worker-not-running': PUSH_TEXT.workerNotRunning,
  'push-service': PUSH_TEXT.noPushService,
};

/**
 * What to say when push cannot be turned on: 'Push unsupported' when the browser lacks an API,
 * else 'Failed to register subscription'; then why, and that alerts still show in the app. A
 * failure of OneETA's own call ('server') says to try again.
 */
export function pushProblem(failure: PushFailure): PushProblem {
  if (failure === 'server')
    return { title: PUSH_TEXT.registerFailed, detail: PUSH_TEXT.serverFailed };
  const unsupported =
    failure === 'service-worker' || failure === 'push-manager' || failure === 'notification';
  return {
    title: unsupported ? PUSH_TEXT.unsupported : PUSH_TEXT.registerFailed,
    detail: `${WHY[failure]} ${PUSH_TEXT.inAppStill}`,
  };
}

/** The problem in one line, for places with room for one ('Failed to register subscription. …'). */
export const pushProblemText = (problem: PushProblem): string =>
  problem.detail ? `${problem.title}. ${problem.detail}` : problem.title;
