import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { EmailMessage } from './email-message.js';
import { escapeHtml } from './invite-email.js';

/**
 * E-mail kinds sent even to an address that unsubscribed: only what the person asks for at that
 * moment to get back into their own account (a password reset). Everything else stops.
 */
export const SENT_DESPITE_UNSUBSCRIBE: ReadonlySet<string> = new Set(['password-reset']);

/** The key unsubscribe links are signed with, derived from a secret the service keeps (its VAPID private key). */
export const unsubscribeKey = (secret: string) =>
  createHash('sha256').update('oneeta:unsubscribe:v1:').update(secret).digest();

const sign = (email: string, key: Buffer) =>
  createHmac('sha256', key).update(email).digest('base64url').slice(0, 32);
const normal = (email: string) => email.trim().toLowerCase();

/** `<address, base64url>.<signature>`: proves the link was mailed to that address, without a sign-in. */
export function unsubscribeToken(email: string, key: Buffer): string {
  const address = normal(email);
  return `${Buffer.from(address, 'utf8').toString('base64url')}.${sign(address, key)}`;
}

/** The address a token was made for, or null when it is not one of ours. */
export function readUnsubscribeToken(token: string, key: Buffer): string | null {
  const match = /^([A-Za-z0-9_-]{1,700})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match) return null;
  const address = Buffer.from(match[1]!, 'base64url').toString('utf8');
  if (!address.includes('@') || address !== normal(address)) return null;
  const expected = Buffer.from(sign(address, key));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? address : null;
}

export const unsubscribeUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/api/notifications/unsubscribe?t=${encodeURIComponent(token)}`;

/**
 * A message as it leaves: `List-Unsubscribe` (the link) with `List-Unsubscribe-Post` for one-click
 * (RFC 8058), and the same link at the foot of the text and HTML bodies.
 */
export function withUnsubscribe(message: EmailMessage, url: string): EmailMessage {
  const line = 'To stop all e-mail from OneETA to this address, unsubscribe:';
  return {
    ...message,
    headers: {
      ...message.headers,
      'List-Unsubscribe': `<${url}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    text: `${message.text}\n\n--\n${line} ${url}`,
    html: `${message.html}\n<hr>\n<p style="font-size:12px;color:#666">${escapeHtml(line)} <a href="${escapeHtml(url)}">Unsubscribe</a></p>`,
  };
}
