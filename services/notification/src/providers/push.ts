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
  /** When the push service said to try again (its Retry-After), in ms from now. */
  retryAfterMs?: number | null;
}

/** A Retry-After header (delay-seconds or an HTTP-date, RFC 9110 §10.2.3) in ms from `now`; null when absent or unreadable. */
export function retryAfterMs(value: string | string[] | undefined, now = Date.now()): number | null {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return null;
  if (/^\d+$/.test(text.trim())) return Number(text.trim()) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
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
        if (err instanceof WebPushError) {
          return { statusCode: err.statusCode, error: err.body || err.message, retryAfterMs: retryAfterMs(err.headers['retry-after']) };
        }
        return { statusCode: null, error: err instanceof Error ? err.message : String(err) };
      }
    },
  };
}

export const generateVapidKeys = () => webpush.generateVAPIDKeys();
