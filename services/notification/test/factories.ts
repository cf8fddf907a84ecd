import { randomUUID, createECDH, randomBytes, randomInt } from 'node:crypto';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  SESSION_ID_ALPHABET,
  SESSION_ID_LENGTH,
  type InAppNotification,
  type NotificationPreferences,
} from '@oneeta/contracts';
import { bearer, type NotificationHarness } from './helpers.js';

/** A browser subscription with real P-256 keys, at an endpoint nobody answers (for API tests). */
export function fakeSubscription(endpoint = `https://push.example.test/send/${randomUUID()}`) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint,
    keys: {
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    },
  };
}

export function subscribe(
  h: NotificationHarness,
  token: string,
  sub: { endpoint: string; keys: { p256dh: string; auth: string } },
  extra: { deviceName?: string; userAgent?: string } = {
    deviceName: 'Laptop',
    userAgent: 'Mozilla/5.0 Test',
  },
) {
  return h.app.inject({
    method: 'POST',
    url: '/api/push/subscribe',
    headers: bearer(token),
    payload: { ...sub, ...extra },
  });
}

export async function listDevices(h: NotificationHarness, token: string) {
  const res = await h.app.inject({ method: 'GET', url: '/api/push/list', headers: bearer(token) });
  if (res.statusCode !== 200) throw new Error(`list failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { subscriptions: Record<string, unknown>[] }).subscriptions;
}

export const sendTest = (h: NotificationHarness, token: string) =>
  h.app.inject({ method: 'POST', url: '/api/push/test', headers: bearer(token) });

/** GET /api/notifications/inbox as the user (throws unless 200). */
export async function inbox(h: NotificationHarness, token: string, after?: string) {
  const res = await h.app.inject({
    method: 'GET',
    url: `/api/notifications/inbox${after === undefined ? '' : `?after=${encodeURIComponent(after)}`}`,
    headers: bearer(token),
  });
  if (res.statusCode !== 200) throw new Error(`inbox failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { notifications: InAppNotification[] }).notifications;
}

export const readInbox = (h: NotificationHarness, token: string, ids: string[]) =>
  h.app.inject({
    method: 'POST',
    url: '/api/notifications/inbox/read',
    headers: bearer(token),
    payload: { ids },
  });

export const putPreferences = (h: NotificationHarness, token: string, preferences: unknown) =>
  h.app.inject({
    method: 'PUT',
    url: '/api/notifications/preferences',
    headers: bearer(token),
    payload: { preferences },
  });

export const mute = (h: NotificationHarness, token: string, sessionId: string, muted = true) =>
  h.app.inject({
    method: 'PUT',
    url: `/api/notifications/mutes/${sessionId}`,
    headers: bearer(token),
    payload: { muted },
  });

/** The default preferences with one topic's switches replaced. */
export const preferencesWith = (
  topic: keyof NotificationPreferences,
  channels: NotificationPreferences['leave'],
): NotificationPreferences => ({
  ...DEFAULT_NOTIFICATION_PREFERENCES,
  [topic]: channels,
});

/** A fresh, valid session id (7 characters from the contracts alphabet). */
export function newSessionId(): string {
  let id = '';
  for (let i = 0; i < SESSION_ID_LENGTH; i++)
    id += SESSION_ID_ALPHABET[randomInt(SESSION_ID_ALPHABET.length)];
  return id;
}
