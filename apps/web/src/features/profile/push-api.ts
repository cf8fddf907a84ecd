/**
 * The /api/push/* calls (doc 1 §7 Push) on the shell's `apiRequest`; bodies and answers are the
 * contracts' (push.ts).
 */
import {
  pushSubscribeBodySchema,
  pushUnsubscribeBodySchema,
  vapidPublicKeyResponseSchema,
  pushListResponseSchema,
  type PushDevice,
} from '@oneeta/contracts';
import { z } from 'zod';
import { apiRequest } from '../../api/client';
import { PUSH_TEXT } from './texts';

/** Answers whose body the page does not read. */
const anyAnswer = z.unknown();

export const pushQueryKeys = {
  vapidKey: ['push', 'vapidPublicKey'] as const,
  devices: ['push', 'devices'] as const,
};

/** GET /api/push/vapidPublicKey → { publicKey }. */
export function getVapidPublicKey(signal?: AbortSignal) {
  return apiRequest('/api/push/vapidPublicKey', {
    schema: vapidPublicKeyResponseSchema,
    fallbackError: PUSH_TEXT.missingVapidKey,
    auth: 'optional',
    ...(signal ? { signal } : {}),
  });
}

/** POST /api/push/subscribe { endpoint, keys, deviceName, userAgent }. */
export function subscribePush(body: z.input<typeof pushSubscribeBodySchema>) {
  return apiRequest('/api/push/subscribe', {
    method: 'POST',
    body: pushSubscribeBodySchema.parse(body),
    schema: anyAnswer,
    fallbackError: PUSH_TEXT.registerFailed,
    auth: 'required',
  });
}

/** POST /api/push/unsubscribe { endpoint }. */
export function unsubscribePush(endpoint: string) {
  return apiRequest('/api/push/unsubscribe', {
    method: 'POST',
    body: pushUnsubscribeBodySchema.parse({ endpoint }),
    schema: anyAnswer,
    fallbackError: PUSH_TEXT.unregisterFailed,
    auth: 'required',
  });
}

/** GET /api/push/list → the user's registered devices. */
export async function listPushDevices(signal?: AbortSignal): Promise<PushDevice[]> {
  const answer = await apiRequest('/api/push/list', {
    schema: pushListResponseSchema,
    fallbackError: PUSH_TEXT.listFailed,
    auth: 'required',
    ...(signal ? { signal } : {}),
  });
  return answer.subscriptions;
}

/** POST /api/push/test: a test notification to every registered device. */
export function sendTestPush() {
  return apiRequest('/api/push/test', {
    method: 'POST',
    schema: anyAnswer,
    fallbackError: PUSH_TEXT.testFailed,
    auth: 'required',
  });
}

/** DELETE /api/push/all: forget every registered device. */
export function removeAllPushDevices() {
  return apiRequest('/api/push/all', {
    method: 'DELETE',
    schema: anyAnswer,
    fallbackError: PUSH_TEXT.removeFailed,
    auth: 'required',
  });
}

export type { PushDevice };
