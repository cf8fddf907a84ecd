import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

export const PHONE_CODE_TTL_MS = 10 * 60_000;
export const PHONE_CODE_MAX_ATTEMPTS = 5;

/** A 6-digit code from a cryptographic source. */
export const newPhoneCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** Codes are stored keyed to the user and number, so a leaked row cannot be replayed elsewhere. */
export function hashPhoneCode(code: string, userId: string, phone: string): string {
  return createHmac('sha256', `${userId}:${phone}`).update(code.trim()).digest('hex');
}

export function phoneCodeMatches(
  code: string,
  userId: string,
  phone: string,
  stored: string,
): boolean {
  const given = Buffer.from(hashPhoneCode(code, userId, phone), 'hex');
  const expected = Buffer.from(stored, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export const phoneCodeMessage = (code: string): string =>
  `Your OneETA verification code is ${code}. It expires in 10 minutes.`;
