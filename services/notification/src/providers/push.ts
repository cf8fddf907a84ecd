import { Agent } from 'node:https';
import { isIP } from 'node:net';
import {
  isPublicAddress,
  publicOnlyLookup,
  systemResolver,
  type HostResolver,
} from '@oneeta/service-kit';
import webpush, { WebPushError } from 'web-push';
import { parsePushEndpoint } from '../domain/push-endpoint.js';
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
  /**
   * Nothing was sent: `endpoint` when the URL itself is not one we send to (not https, a host off the
   * allow-list, a literal address that is not public), `address` when its host resolved to one.
   */
  refused?: 'endpoint' | 'address';
}

/** A Retry-After header (delay-seconds or an HTTP-date, RFC 9110 §10.2.3) in ms from `now`; null when absent or unreadable. */
export function retryAfterMs(
  value: string | string[] | undefined,
  now = Date.now(),
): number | null {
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

/** Where pushes may go: PUSH_ALLOWED_HOSTS and (tests only) PUSH_ALLOW_PRIVATE_ENDPOINTS. */
export interface PushDestinationPolicy {
  allowedHosts: readonly string[];
  allowPrivate: boolean;
  /** How host names are resolved at connect time (the system resolver by default). */
  resolve?: HostResolver;
}

/**
 * Web Push with the `web-push` library: the payload encrypted (aes128gcm) for the subscription's
 * keys and signed with our VAPID key. The endpoint is checked again before each send, and the
 * connection goes through an agent whose lookup resolves the host, checks every address is public
 * and connects to exactly those addresses (the name stays the Host header and TLS server name), so
 * a name rebound to an internal address after the subscribe-time check reaches nothing. `ca` lets a
 * test trust its own push-service stand-in.
 */
export function createWebPushSender(opts: {
  vapid: VapidKeyPair;
  subject: string;
  timeoutMs: number;
  policy: PushDestinationPolicy;
  ca?: string | Buffer;
}): PushSender {
  const vapidDetails = {
    subject: opts.subject,
    publicKey: opts.vapid.publicKey,
    privateKey: opts.vapid.privateKey,
  };
  const { policy } = opts;
  const agent = new Agent({
    lookup: publicOnlyLookup(policy.resolve ?? systemResolver, {
      allowPrivate: policy.allowPrivate,
    }),
    ...(opts.ca ? { ca: opts.ca } : {}),
  });
  return {
    async send(target, payload, options) {
      const parsed = parsePushEndpoint(target.endpoint, policy.allowedHosts);
      if (!parsed.ok) return { statusCode: null, error: parsed.error, refused: 'endpoint' };
      // A literal address never reaches the agent's lookup: it is checked here.
      if (isIP(parsed.host) && !policy.allowPrivate && !isPublicAddress(parsed.host)) {
        return {
          statusCode: null,
          error: `${parsed.host} is not a public address`,
          refused: 'endpoint',
        };
      }
      try {
        const res = await webpush.sendNotification(
          { ...target, endpoint: parsed.url.href },
          payload,
          {
            vapidDetails,
            TTL: options.ttlSeconds,
            urgency: options.urgency,
            topic: options.topic,
            contentEncoding: 'aes128gcm',
            timeout: opts.timeoutMs,
            agent,
          },
        );
        return { statusCode: res.statusCode };
      } catch (err) {
        if (err instanceof WebPushError) {
          return {
            statusCode: err.statusCode,
            error: err.body || err.message,
            retryAfterMs: retryAfterMs(err.headers['retry-after']),
          };
        }
        const message = err instanceof Error ? err.message : String(err);
        if ((err as { code?: unknown }).code === 'ENONPUBLIC')
          return { statusCode: null, error: message, refused: 'address' };
        return { statusCode: null, error: message };
      }
    },
  };
}

export const generateVapidKeys = () => webpush.generateVAPIDKeys();
