/** Web push helpers without I/O (doc 1 §3 Push subscription, §8 Push). */
import { PUSH_TEXT } from './texts';

/** What the browser offers; pass `globalThis` in the app, a plain object in tests. */
export interface PushEnvironment {
  navigator?: object;
  PushManager?: unknown;
  Notification?: unknown;
}

/** Web push needs a service worker, the Push API and the Notification API. */
export function isPushSupported(env: PushEnvironment): boolean {
  return pushSupportGap(env) === null;
}

/** What this browser lacks for web push, or null when it has all of it. */
export function pushSupportGap(
  env: PushEnvironment,
): 'service-worker' | 'push-manager' | 'notification' | null {
  if (env.navigator === undefined || !('serviceWorker' in env.navigator)) return 'service-worker';
  if (env.PushManager === undefined) return 'push-manager';
  if (env.Notification === undefined) return 'notification';
  return null;
}

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

/** The VAPID public key (base64url) as the bytes `pushManager.subscribe` wants. */
export function vapidKeyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const padded =
    base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const BROWSERS: readonly [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: readonly [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** A readable device name for the devices list, such as 'Chrome on Android'. */
export function deviceNameFromUserAgent(userAgent: string): string {
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Unknown device';
}
