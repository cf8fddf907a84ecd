import { SESSION_ID_ALPHABET, SESSION_ID_LENGTH, sessionIdSchema } from '@oneeta/contracts';
import { describe, expect, it } from 'vitest';
import { generateSessionId } from './session-id';

describe('generateSessionId', () => {
  it('makes 7 characters from lowercase letters and digits 2–9 without i, l, o, 0 and 1', () => {
    for (let i = 0; i < 500; i++) {
      const id = generateSessionId();
      expect(id).toHaveLength(SESSION_ID_LENGTH);
      expect(id).toMatch(/^[a-hjkmnp-z2-9]{7}$/);
      expect(sessionIdSchema.safeParse(id).success).toBe(true);
    }
  });

  it('differs from one call to the next', () => {
    const ids = new Set(Array.from({ length: 200 }, () => generateSessionId()));
    expect(ids.size).toBe(200);
  });

  it('maps random bytes onto the alphabet and redraws bytes that would bias it', () => {
    // 31 letters: bytes 248..255 are above the last whole multiple (248) and are skipped.
    const queue = [[255, 248, 0, 1, 2, 30, 31, 62, 93, 124, 155, 186, 217, 5]];
    const random = (bytes: Uint8Array) => {
      const next = queue.shift() ?? [];
      bytes.fill(0);
      bytes.set(next.slice(0, bytes.length));
      return bytes;
    };
    const id = generateSessionId(random);
    const a = SESSION_ID_ALPHABET;
    expect(id).toBe(`${a[0]}${a[1]}${a[2]}${a[30]}${a[0]}${a[0]}${a[0]}`);
  });
});
