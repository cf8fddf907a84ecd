import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Constant-time equality of two secrets given as text (any characters, any lengths): both sides are
 * hashed first, so neither a length difference nor multi-byte characters can throw or show through
 * the time taken.
 */
export function safeEqual(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(a, b);
}
