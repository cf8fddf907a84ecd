import { randomUUID, createECDH, randomBytes } from 'node:crypto';
import { bearer, type NotificationHarness } from './helpers.js';

/** A browser subscription with real P-256 keys, at an endpoint nobody answers (for API tests). */
export function fakeSubscription(endpoint = `https://push.example.test/send/${randomUUID()}`) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { endpoint, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') } };
}

export function subscribe(
  h: NotificationHarness,
  token: string,
  sub: { endpoint: string; keys: { p256dh: string; auth: string } },
  extra: { deviceName?: string; userAgent?: string } = { deviceName: 'Laptop', userAgent: 'Mozilla/5.0 Test' },
) {
  return h.app.inject({ method: 'POST', url: '/api/push/subscribe', headers: bearer(token), payload: { ...sub, ...extra } });
}

export async function listDevices(h: NotificationHarness, token: string) {
  const res = await h.app.inject({ method: 'GET', url: '/api/push/list', headers: bearer(token) });
  if (res.statusCode !== 200) throw new Error(`list failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { subscriptions: Record<string, unknown>[] }).subscriptions;
}

export const sendTest = (h: NotificationHarness, token: string) => h.app.inject({ method: 'POST', url: '/api/push/test', headers: bearer(token) });
