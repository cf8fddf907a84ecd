import type { Agent } from 'node:https';
import webpush, { WebPushError } from 'web-push';
import type { VapidKeyPair } from '../store/vapid-store.js';

export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushOptions {
  ttlSeconds: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  topic: string;
}

/** The push service's status code, or null when none answered (network error, timeout). */
export interface PushResult {
  statusCode: number | null;
  error?: string;
}

/** The port the worker sends through. */
export interface PushSender {
  send(target: PushTarget, payload: string, options: PushOptions): Promise<PushResult>;
}

/**
 * Web Push with the `web-push` library: the payload encrypted (aes128gcm) for the subscription's
 * keys and signed with our VAPID key. `agent` lets a test trust its own push-service stand-in.
 */
export function createWebPushSender(opts: { vapid: VapidKeyPair; subject: string; timeoutMs: number; agent?: Agent }): PushSender {
  const vapidDetails = { subject: opts.subject, publicKey: opts.vapid.publicKey, privateKey: opts.vapid.privateKey };
  return {
    async send(target, payload, options) {
      try {
        const res = await webpush.sendNotification(target, payload, {
          vapidDetails,
          TTL: options.ttlSeconds,
          urgency: options.urgency,
          topic: options.topic,
          contentEncoding: 'aes128gcm',
          timeout: opts.timeoutMs,
          ...(opts.agent ? { agent: opts.agent } : {}),
        });
        return { statusCode: res.statusCode };
      } catch (err) {
        if (err instanceof WebPushError) return { statusCode: err.statusCode, error: err.body || err.message };
        return { statusCode: null, error: err instanceof Error ? err.message : String(err) };
      }
    },
  };
}

export const generateVapidKeys = () => webpush.generateVAPIDKeys();
