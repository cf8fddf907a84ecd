/**
 * The /api/push/* calls (doc 1 §7 Push) on the shell's `apiRequest`; bodies and answers are the
 * contracts' (push.ts).
 */
import type { pushSubscribeBodySchema } from '@oneeta/contracts';
import { type PushDevice } from '@oneeta/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

/** doc 1 §8 Push, verbatim (the profile page's texts reuse them); listFailed is ours. */
export const PUSH_CALL_ERRORS = {
  missingVapidKey: 'Missing VAPID key',
  registerFailed: 'Failed to register subscription',
  unregisterFailed: 'Failed to unregister',
  testFailed: 'Failed to send test push',
  removeFailed: 'Failed to remove device(s)',
  listFailed: 'Could not load your devices',
} as const;

/** GET /api/push/vapidPublicKey → { publicKey }. */
export function getVapidPublicKey(signal?: AbortSignal) {
  return apiRequest('/api/push/vapidPublicKey', {
    schema: 'vapidPublicKeyResponseSchema',
    fallbackError: PUSH_CALL_ERRORS.missingVapidKey,
    auth: 'optional',
    ...(signal ? { signal } : {}),
  });
}

/** POST /api/push/subscribe { endpoint, keys, deviceName, userAgent }. */
export function subscribePush(body: z.input<typeof pushSubscribeBodySchema>) {
  return apiRequest('/api/push/subscribe', {
    method: 'POST',
    body,
    bodySchema: 'pushSubscribeBodySchema',
    schema: 'anyAnswer',
    fallbackError: PUSH_CALL_ERRORS.registerFailed,
    auth: 'required',
  });
}

/** POST /api/push/unsubscribe { endpoint }. */
export function unsubscribePush(endpoint: string) {
  return apiRequest('/api/push/unsubscribe', {
    method: 'POST',
    body: { endpoint },
    bodySchema: 'pushUnsubscribeBodySchema',
    schema: 'anyAnswer',
    fallbackError: PUSH_CALL_ERRORS.unregisterFailed,
    auth: 'required',
  });
}

/** GET /api/push/list → the user's registered devices. */
export async function listPushDevices(signal?: AbortSignal): Promise<PushDevice[]> {
  const answer = await apiRequest('/api/push/list', {
    schema: 'pushListResponseSchema',
    fallbackError: PUSH_CALL_ERRORS.listFailed,
    auth: 'required',
    ...(signal ? { signal } : {}),
  });
  return answer.subscriptions;
}

/** POST /api/push/test: a test notification to every registered device. */
export function sendTestPush() {
  return apiRequest('/api/push/test', {
    method: 'POST',
    schema: 'anyAnswer',
    fallbackError: PUSH_CALL_ERRORS.testFailed,
    auth: 'required',
  });
}

/** DELETE /api/push/all: forget every registered device. */
export function removeAllPushDevices() {
  return apiRequest('/api/push/all', {
    method: 'DELETE',
    schema: 'anyAnswer',
    fallbackError: PUSH_CALL_ERRORS.removeFailed,
    auth: 'required',
  });
}

/** The VAPID public key: fetched once, never retried. */
export const vapidKeyQuery = () =>
  queryOptions({
    queryKey: queryKeys.pushVapidKey,
    queryFn: ({ signal }) => getVapidPublicKey(signal),
    retry: false,
    staleTime: Infinity,
  });

/** The signed-in user's registered devices (the token is part of the key). */
export const pushDevicesQuery = (token: string | null) =>
  queryOptions({
    queryKey: queryKeys.pushDevices(token),
    queryFn: ({ signal }) => listPushDevices(signal),
    retry: false,
  });

export type { PushDevice };

/**
 * GET /api/notifications/channels: whether invites are e-mailed here ('smtp') or only kept in the
 * install's outbox ('outbox'), so the session page says how an invite reaches someone.
 */
export const notificationChannelsQuery = () =>
  queryOptions({
    queryKey: queryKeys.notificationChannels,
    queryFn: ({ signal }) =>
      apiRequest('/api/notifications/channels', {
        schema: 'notificationChannelsResponseSchema',
        fallbackError: 'Could not tell how invites are sent',
        auth: 'optional',
        signal,
      }),
    retry: false,
    staleTime: 5 * 60_000,
  });
