import { MESSAGES } from '@oneeta/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { isApiError } from '../../api/client';
import { useToken } from '../../hooks/use-token';
import { useToast } from '../toast';
import {
  pushDevicesQuery,
  removeAllPushDevices,
  sendTestPush,
  subscribePush,
  unsubscribePush,
  vapidKeyQuery,
} from '../../api/push';
import { queryKeys } from '../../api/query-keys';
import { deviceNameFromUserAgent, pushSupportGap, vapidKeyBytes } from './push-logic';
import { pushProblem, pushProblemText, type PushProblem } from './push-problem';
import { PUSH_TEXT } from './texts';

/** How long to wait for the service worker the app registers at startup before giving up. */
const SERVICE_WORKER_WAIT_MS = 4000;
/** The contract's cap on the user agent it stores. */
const USER_AGENT_MAX = 500;

export type PushPermission = NotificationPermission | 'unsupported';
export type PushBusy = 'enable' | 'disable' | 'test' | 'remove' | null;

/** The app's service worker registration, or undefined when none runs within the wait (or it throws). */
async function serviceWorkerRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  const existing = await navigator.serviceWorker.getRegistration().catch(() => undefined);
  if (existing) return existing;
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<undefined>((resolve) =>
      setTimeout(() => resolve(undefined), SERVICE_WORKER_WAIT_MS),
    ),
  ]);
}

const notAuthenticated = (error: unknown) =>
  isApiError(error) && error.message === MESSAGES.notAuthenticated && error.status === 401;

/** 'Not authenticated' when there was no token to send; else the spec's text for that call (doc 1 §8 Push). */
function pushError(error: unknown, fallback: string): PushProblem {
  return { title: notAuthenticated(error) ? PUSH_TEXT.notAuthenticated : fallback, detail: null };
}

const titleOnly = (title: string): PushProblem => ({ title, detail: null });

/**
 * Web push on the profile page: whether this browser can do it, this device's subscription, the
 * VAPID key, the devices the server knows, and the four actions (enable, disable, test, remove all).
 */
export function useWebPush() {
  const gap = pushSupportGap(globalThis);
  const supported = gap === null;
  const token = useToken();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [permission, setPermission] = useState<PushPermission>(() =>
    supported ? Notification.permission : 'unsupported',
  );
  const [subscription, setSubscription] = useState<PushSubscription | null>(null);
  const [checking, setChecking] = useState(supported);
  const [busy, setBusy] = useState<PushBusy>(null);
  const [problem, setProblem] = useState<PushProblem | null>(null);

  const vapid = useQuery({ ...vapidKeyQuery(), enabled: supported });
  const vapidKey = vapid.data?.publicKey.trim() || null;
  const missingVapidKey = supported && (vapid.isError || (vapid.isSuccess && vapidKey === null));

  const devices = useQuery({ ...pushDevicesQuery(token), enabled: token !== null });

  useEffect(() => {
    if (!supported) return;
    let live = true;
    serviceWorkerRegistration()
      .then((registration) => registration?.pushManager.getSubscription() ?? null)
      .then((current) => {
        if (live) setSubscription(current);
      })
      .catch(() => undefined)
      .finally(() => {
        if (live) setChecking(false);
      });
    return () => {
      live = false;
    };
  }, [supported]);

  const refreshDevices = useCallback(
    () => queryClient.invalidateQueries({ queryKey: queryKeys.pushDevicesRoot }),
    [queryClient],
  );

  const enable = async () => {
    setProblem(null);
    if (gap) return setProblem(pushProblem(gap));
    if (!token) return setProblem(titleOnly(PUSH_TEXT.notAuthenticated));
    setBusy('enable');
    try {
      let granted = Notification.permission;
      if (granted === 'default') granted = await Notification.requestPermission();
      setPermission(granted);
      if (granted !== 'granted') {
        if (granted === 'denied') setProblem(titleOnly(PUSH_TEXT.blocked));
        return;
      }
      const key = vapidKey ?? ((await vapid.refetch()).data?.publicKey.trim() || null);
      if (!key) return setProblem(titleOnly(PUSH_TEXT.missingVapidKey));
      const registration = await serviceWorkerRegistration();
      if (!registration) return setProblem(pushProblem('worker-not-running'));
      let current: PushSubscription;
      try {
        current =
          (await registration.pushManager.getSubscription()) ??
          (await registration.pushManager.subscribe({
            userVisibleOnly: true,
            applicationServerKey: vapidKeyBytes(key),
          }));
      } catch {
        // The browser's own push service refused or is missing (AbortError 'push service not available').
        return setProblem(pushProblem('push-service'));
      }
      const keys = current.toJSON().keys ?? {};
      try {
        await subscribePush({
          endpoint: current.endpoint,
          keys: { p256dh: keys.p256dh ?? '', auth: keys.auth ?? '' },
          deviceName: deviceNameFromUserAgent(navigator.userAgent),
          userAgent: navigator.userAgent.slice(0, USER_AGENT_MAX),
        });
      } catch (failure) {
        // The server does not know this subscription: do not leave the browser holding it.
        await current.unsubscribe().catch(() => false);
        throw failure;
      }
      setSubscription(current);
      toast.success(PUSH_TEXT.enabledToast);
      void refreshDevices();
    } catch (failure) {
      setProblem(
        notAuthenticated(failure) ? titleOnly(PUSH_TEXT.notAuthenticated) : pushProblem('server'),
      );
    } finally {
      setBusy(null);
    }
  };

  const disable = async () => {
    if (!subscription) return;
    setProblem(null);
    setBusy('disable');
    try {
      await unsubscribePush(subscription.endpoint);
      await subscription.unsubscribe();
      setSubscription(null);
      toast.success(PUSH_TEXT.disabledToast);
      void refreshDevices();
    } catch (failure) {
      setProblem(pushError(failure, PUSH_TEXT.unregisterFailed));
    } finally {
      setBusy(null);
    }
  };

  const test = async () => {
    setProblem(null);
    setBusy('test');
    try {
      await sendTestPush();
      toast.success(PUSH_TEXT.testSent);
    } catch (failure) {
      setProblem(pushError(failure, PUSH_TEXT.testFailed));
    } finally {
      setBusy(null);
    }
  };

  const removeAll = async () => {
    if (!window.confirm(PUSH_TEXT.confirmRemoveAll)) return;
    setProblem(null);
    setBusy('remove');
    try {
      await removeAllPushDevices();
      if (subscription) await subscription.unsubscribe().catch(() => false);
      setSubscription(null);
      toast.success(PUSH_TEXT.devicesRemoved);
      void refreshDevices();
    } catch (failure) {
      setProblem(pushError(failure, PUSH_TEXT.removeFailed));
    } finally {
      setBusy(null);
    }
  };

  return {
    supported,
    permission,
    enabled: subscription !== null,
    endpoint: subscription?.endpoint ?? null,
    checking: checking || (supported && vapid.isPending),
    missingVapidKey,
    devices,
    busy,
    /** What went wrong, with why and what still works where we know. */
    problem,
    /** The same in one line (the session page's push offer shows it as is). */
    error: problem ? pushProblemText(problem) : null,
    /** What this browser lacks for push, or null. */
    unsupported: gap ? pushProblem(gap) : null,
    enable,
    disable,
    test,
    removeAll,
  };
}
