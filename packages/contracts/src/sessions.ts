import { z } from 'zod';

/** Lowercase letters and digits 2–9 without i, l, o, 0 and 1 (doc 1 §5). */
export const SESSION_ID_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const SESSION_ID_LENGTH = 7;

export const sessionIdSchema = z
  .string()
  .regex(/^[a-hjkmnp-z2-9]{7}$/, 'Session id must be 7 characters from a–z and 2–9 without i, l, o');

export const SESSION_STATUSES = ['open', 'closed'] as const;
