/**
 * Paging of the chat API: a page holds at most maxPageSize items and, when more follow, a
 * `nextLink` (an absolute URL with an opaque `syncState`, as ACS gives it) that the client GETs as is.
 */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 200;

export interface Cursor {
  /** Messages: the sequenceId the next page starts below. */
  beforeSequenceId?: number;
  /** Threads, participants, read receipts: items to skip. */
  offset?: number;
}

export const encodeCursor = (cursor: Cursor): string =>
  Buffer.from(JSON.stringify(cursor)).toString('base64url');

/** The cursor in a syncState, or null when it is not one of ours. */
export function decodeCursor(syncState: string): Cursor | null {
  try {
    const value = JSON.parse(Buffer.from(syncState, 'base64url').toString('utf8')) as unknown;
    if (typeof value !== 'object' || value === null) return null;
    const { beforeSequenceId, offset } = value as Record<string, unknown>;
    const cursor: Cursor = {};
    if (beforeSequenceId !== undefined) {
      if (!Number.isSafeInteger(beforeSequenceId) || (beforeSequenceId as number) < 0) return null;
      cursor.beforeSequenceId = beforeSequenceId as number;
    }
    if (offset !== undefined) {
      if (!Number.isSafeInteger(offset) || (offset as number) < 0) return null;
      cursor.offset = offset as number;
    }
    return cursor;
  } catch {
    return null;
  }
}

export const pageSizeOf = (maxPageSize: number | undefined): number =>
  Math.min(maxPageSize ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);

/** The next page's link: `base` + `path` with the query the client must send again, plus the cursor. */
export function nextLinkOf(
  base: string,
  path: string,
  query: Record<string, string | undefined>,
): string {
  const url = new URL(path, `${base}/`);
  for (const [key, value] of Object.entries(query))
    if (value !== undefined) url.searchParams.set(key, value);
  return url.toString();
}

/**
 * One page of a list read with one row more than the page holds: its items and, when that extra
 * row came back, the link to the next page (`next` is given the page's last row).
 */
export function pageOf<Row, Item>(
  rows: Row[],
  limit: number,
  item: (row: Row) => Item,
  next: (last: Row) => string,
): { value: Item[]; nextLink?: string } {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    value: page.map(item),
    ...(rows.length > limit && last !== undefined ? { nextLink: next(last) } : {}),
  };
}
