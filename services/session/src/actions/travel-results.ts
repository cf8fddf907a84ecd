import type { TravelComputedData } from '@oneeta/contracts';
import type { Database } from '@oneeta/service-kit';
import { travelUpdateOf } from '../domain/travel-results.js';
import { createLiveStore } from '../store/live-store.js';
import { createTravelStore } from '../store/travel-store.js';

/**
 * Stores a travel.computed result set under the session's row lock (travelUpdateOf decides what
 * changes). Returns 'unknown' for an unknown session and 'stale' for results older than those
 * stored (nothing is written in either case); 'unchanged' when nothing anyone sees would move (only
 * the time of the results is recorded), 'stored' otherwise.
 */
export async function storeTravelResults(
  db: Database,
  data: TravelComputedData,
): Promise<'stored' | 'unchanged' | 'unknown' | 'stale'> {
  return db.transaction(async (tx) => {
    const sessions = createLiveStore(tx);
    const session = await sessions.lockSession(data.sessionId);
    if (!session) return 'unknown';
    const update = travelUpdateOf(session, await sessions.participants(data.sessionId), data);
    if (update.kind === 'stale') return 'stale';
    const travel = createTravelStore(tx);
    if (update.kind === 'unchanged') {
      await travel.markComputed(data.sessionId, update.computedAt);
      return 'unchanged';
    }
    await travel.write(data.sessionId, update.updates, update.earliest, update.computedAt);
    return 'stored';
  });
}
