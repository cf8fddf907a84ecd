/**
 * The `GET /api/sessions/mine` cursor: an opaque base64url of the last item's (updatedAt, id).
 * `updatedAt` keeps the database's microseconds (a JS Date would drop them and skip rows), so it
 * is carried as the exact text Postgres gave, e.g. '2025-05-01T10:00:00.123456Z'.
 */
import { isRealUtcTimestamp } from '@oneeta/contracts';

export interface ListCursor {
  updatedAt: string;
  id: string;
}

const ID = /^[\w-]{1,64}$/;

export function encodeCursor(cursor: ListCursor): string {
  return Buffer.from(JSON.stringify([cursor.updatedAt, cursor.id]), 'utf8').toString('base64url');
}

/** The cursor, or null when the text is not one this service made. */
export function decodeCursor(text: string): ListCursor | null {
  if (!/^[\w-]+$/.test(text)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) return null;
  const [updatedAt, id] = parsed as unknown[];
  // A real instant (not '2025-02-30', which Date.parse takes and Postgres refuses) and a plain id.
  if (typeof updatedAt !== 'string' || !isRealUtcTimestamp(updatedAt)) return null;
  if (typeof id !== 'string' || !ID.test(id)) return null;
  return { updatedAt, id };
}
