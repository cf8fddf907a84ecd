/** Web push helpers without I/O (doc 1 §3 Push subscription, §8 Push). */

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
