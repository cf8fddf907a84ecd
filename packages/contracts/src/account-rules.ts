// The account rules that a browser form checks as the user types, without zod schemas (the web
// app's entry code carries none): auth.ts builds its schemas on them.
import { regexes } from 'zod/v4/core';
import { MESSAGES } from './messages.js';

export const EMAIL_MAX_CHARS = 254;

/** Each password rule with its own message, in the order the register form shows them. */
export const PASSWORD_RULES = [
  { id: 'length', message: MESSAGES.passwordMinLength, test: (p: string) => p.length >= 8 },
  { id: 'uppercase', message: MESSAGES.passwordUppercase, test: (p: string) => /\p{Lu}/u.test(p) },
  { id: 'lowercase', message: MESSAGES.passwordLowercase, test: (p: string) => /\p{Ll}/u.test(p) },
  { id: 'number', message: MESSAGES.passwordNumber, test: (p: string) => /\p{N}/u.test(p) },
  {
    id: 'symbol',
    message: MESSAGES.passwordSymbol,
    test: (p: string) => /[^\p{L}\p{N}\s]/u.test(p),
  },
] as const;

/** The messages of every rule the password breaks (empty when it is acceptable). */
export function passwordProblems(password: string): string[] {
  return PASSWORD_RULES.filter((rule) => !rule.test(password)).map((rule) => rule.message);
}

/**
 * Whether `emailSchema` (auth.ts) accepts `text`: the same rules, zod's email pattern included,
 * without building a schema (the web app's register form checks with it on every key press, and
 * its entry code carries no schemas).
 */
export function isEmailAddress(text: string): boolean {
  const address = text.trim().toLowerCase();
  return address.length > 0 && address.length <= EMAIL_MAX_CHARS && regexes.email.test(address);
}

/**
 * A phone is valid with 10 digits, or 11 starting with 1; it is normalised to +1 and 10 digits.
 * Returns null when it is not valid.
 */
export function normalizePhone(input: string): string | null {
  const digits = input.replace(/\D/g, '');
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return null;
}

/** How long a password-reset link works (once), in seconds. The link opens `/auth/reset?token=…`. */
export const PASSWORD_RESET_TTL_SECONDS = 30 * 60;
/** The web app's path of the page a password-reset link opens (with `?token=`). */
export const PASSWORD_RESET_PATH = '/auth/reset';
