import { z } from 'zod';

/**
 * Text a client may send, made safe for Postgres and jsonb: NUL and the other C0 control
 * characters (and DEL) are refused, except tab, and newline/carriage return where a field is
 * multi-line; a lone UTF-16 surrogate (half of an emoji, `\ud800`) is refused too, since it is not
 * valid Unicode and jsonb rejects it. Postgres refuses both with a 500 otherwise.
 */
/** True when the text holds a C0 control character or DEL (tab always allowed; CR/LF when multi-line). */
function hasControl(text: string, multiline: boolean): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x7f) return true;
    if (code >= 0x20 || code === 0x09) continue;
    if (multiline && (code === 0x0a || code === 0x0d)) continue;
    return true;
  }
  return false;
}

/** True when a UTF-16 surrogate stands alone (no valid pair): not Unicode, refused by jsonb. */
function hasLoneSurrogate(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0xd800 || code > 0xdfff) continue;
    const next = text.charCodeAt(i + 1);
    if (code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      i++;
      continue;
    }
    return true;
  }
  return false;
}

/** True when the text holds nothing Postgres refuses or the field does not allow (see {@link safeText}). */
export function isSafeText(text: string, multiline = false): boolean {
  return !hasControl(text, multiline) && !hasLoneSurrogate(text);
}

export interface SafeTextOptions {
  /** Allow newlines (a message, a use case); single-line fields allow only tab. */
  multiline?: boolean;
  /** Message when the value is missing or not a string (default: '<field> must be text'). */
  error?: string;
}

/**
 * The one schema for free text in a request: `field` names it in the message ('Name must not
 * contain control characters'). Chain `.trim()`, `.min()`, `.max()` on it as on `z.string()`.
 */
export function safeText(field: string, options: SafeTextOptions = {}) {
  const multiline = options.multiline ?? false;
  return z
    .string({ error: options.error ?? `${field} must be text` })
    .refine((text) => !hasControl(text, multiline), {
      error: `${field} must not contain control characters`,
    })
    .refine((text) => !hasLoneSurrogate(text), {
      error: `${field} contains an invalid character (a lone surrogate)`,
    });
}

/** Message when a name holds a web or e-mail address. */
export const NAME_NO_LINKS_MESSAGE = 'Names cannot contain web addresses or e-mail addresses';
/** A scheme (`https://`, `mailto:`), `www.`, an IPv4 address, a host with a path, or a host under a common top-level domain. */
const URL_LIKE =
  /[a-z][a-z0-9+.-]*:\/\/|\b(?:mailto|javascript|data):|\bwww\.|\b\d{1,3}(?:\.\d{1,3}){3}\b|[a-z0-9-]\.[a-z]{2,}\/|[a-z0-9-]\.(?:com|net|org|info|biz|io|co|app|dev|me|ly|xyz|online|site|top|link|click|live|shop|support|help|security|ru|cn|tk|us|uk|de|fr|nl|eu)\b/i;
/** Something@something: an e-mail address (a lone '@' between spaces is fine). */
const EMAIL_LIKE = /[^\s@]@[^\s@]/;

/** True when a name holds neither a web address nor an e-mail address. */
export const isPlainName = (text: string) => !URL_LIKE.test(text) && !EMAIL_LIKE.test(text);

/**
 * A person's name as others (and e-mails) show it: {@link safeText} that refuses web and e-mail
 * addresses, so a name cannot carry a link or pose as a sender.
 */
export function plainName(field: string, options: SafeTextOptions = {}) {
  return safeText(field, options).refine(isPlainName, { error: NAME_NO_LINKS_MESSAGE });
}

/** Letters, digits, '_' and '-' (uuids, session ids, base64url invite codes). */
const ID = /^[A-Za-z0-9_-]+$/;
/** A participant id is 'user:<id>' or 'invite:<id>' (or a client's own short id like 'me'). */
const SCOPED_ID = /^[A-Za-z0-9_-]+(:[A-Za-z0-9_-]+)?$/;

/** A strict id from a path or a query (uuid, session id, invite code): 1–`max` of [A-Za-z0-9_-]. */
export function idSchema(field: string, max = 64) {
  return z
    .string({ error: `${field} is required` })
    .min(1, { error: `${field} is required` })
    .max(max, { error: `${field} must be at most ${max} characters` })
    .regex(ID, { error: `${field} may hold only letters, digits, '_' and '-'` });
}

/** A participant id: an id, optionally scoped ('user:<id>', 'invite:<id>'). */
export function participantIdSchema(field = 'Participant id', max = 100) {
  return z
    .string({ error: `${field} is required` })
    .min(1, { error: `${field} is required` })
    .max(max, { error: `${field} must be at most ${max} characters` })
    .regex(SCOPED_ID, { error: `${field} may hold only letters, digits, '_', '-' and one ':'` });
}

const ISO_TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?Z$/;

/**
 * True for a UTC timestamp 'YYYY-MM-DDTHH:MM:SS(.ffffff)Z' naming a real instant: Date.parse
 * accepts '2025-02-30' (as 2 March), Postgres does not, so the fields are checked one by one.
 */
export function isRealUtcTimestamp(text: string): boolean {
  const match = ISO_TIMESTAMP.exec(text);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  return (
    year >= 1 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute &&
    date.getUTCSeconds() === second
  );
}

/** An opaque list cursor: base64url text of bounded length (what it holds is checked by its service). */
export const cursorSchema = z
  .string({ error: 'Cursor must be text' })
  .min(1, { error: 'Invalid cursor' })
  .max(200, { error: 'Invalid cursor' })
  .regex(ID, { error: 'Invalid cursor' });
