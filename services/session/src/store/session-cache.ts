import type { SessionsStore, LoadedSession } from './sessions-store.js';

/** How many sessions one process keeps read (a few KiB each). */
export const SESSION_CACHE_MAX = 2_000;

/**
 * Reads of a session for rendering, kept per revision: every change a viewer can see counts itself
 * on the session's revision (notify), so the rows read at revision r are the session's rows until
 * the revision moves. A read costs one query (the revision) while it has not. The rows read for a
 * revision may be newer than it (sessionsStore.load reads the revision first), never older.
 * Only for what a page renders: writes and their checks read inside their own transaction.
 */
export function createSessionCache(
  store: Pick<SessionsStore, 'load' | 'revision'>,
  max = SESSION_CACHE_MAX,
) {
  const held = new Map<string, LoadedSession>();
  return async function read(id: string): Promise<LoadedSession | undefined> {
    const revision = await store.revision(id);
    const hit = held.get(id);
    held.delete(id);
    if (hit && revision > 0 && hit.revision === revision) {
      held.set(id, hit);
      return hit;
    }
    const loaded = await store.load(id);
    if (loaded && loaded.revision > 0) {
      held.set(id, loaded);
      if (held.size > max) held.delete(held.keys().next().value!);
    }
    return loaded;
  };
}
