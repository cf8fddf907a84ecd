import { createHmac } from 'node:crypto';
import { safeEqual } from '@oneeta/service-kit';

/**
 * Webhook signatures in Stripe's scheme (`t=<seconds>,v1=<hex HMAC-SHA256 of "t.body">`), used by
 * the local provider to sign the events it feeds to the webhook path, so both providers share it.
 */
export function signPayload(
  body: string,
  secret: string,
  at = Math.floor(Date.now() / 1000),
): string {
  return `t=${at},v1=${hmac(secret, `${at}.${body}`)}`;
}

/** True when `header` carries a v1 signature of `body` by `secret` made within `toleranceSeconds`. */
export function verifySignature(
  body: string,
  header: string | undefined,
  secret: string,
  toleranceSeconds = 300,
): boolean {
  if (!header) return false;
  const parts = header.split(',').map((p) => p.split('=', 2) as [string, string | undefined]);
  const at = Number(parts.find(([k]) => k === 't')?.[1]);
  if (!Number.isInteger(at) || Math.abs(Date.now() / 1000 - at) > toleranceSeconds) return false;
  const expected = hmac(secret, `${at}.${body}`);
  // Compared hashed, so a value of another length or alphabet is simply unequal.
  return parts.some(([k, v]) => k === 'v1' && v !== undefined && safeEqual(v, expected));
}

const hmac = (secret: string, text: string) =>
  createHmac('sha256', secret).update(text).digest('hex');
