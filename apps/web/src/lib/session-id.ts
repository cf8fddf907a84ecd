import { SESSION_ID_ALPHABET, SESSION_ID_LENGTH } from '@oneeta/contracts';

/** Fills a byte array with random values (crypto.getRandomValues in the browser). */
export type RandomBytes = (bytes: Uint8Array) => Uint8Array;

const cryptoBytes: RandomBytes = (bytes) => crypto.getRandomValues(bytes);

/**
 * A new quick-session id: SESSION_ID_LENGTH characters from SESSION_ID_ALPHABET, each drawn
 * uniformly (bytes at or above the largest multiple of the alphabet size are drawn again).
 */
export function generateSessionId(random: RandomBytes = cryptoBytes): string {
  const size = SESSION_ID_ALPHABET.length;
  const limit = 256 - (256 % size);
  let id = '';
  while (id.length < SESSION_ID_LENGTH) {
    for (const byte of random(new Uint8Array(SESSION_ID_LENGTH * 2))) {
      if (byte >= limit) continue;
      id += SESSION_ID_ALPHABET[byte % size];
      if (id.length === SESSION_ID_LENGTH) break;
    }
  }
  return id;
}
