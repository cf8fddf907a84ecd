import { TOPICS } from '@oneeta/contracts';
import { consumeEvents, type Consumer, type EventsContext, type Redis } from '@oneeta/service-kit';
import { checkLive } from '../actions/live-check.js';
import { storeTravelResults } from '../actions/travel-results.js';
import type { SessionContext } from '../context.js';

/** The session service's consumer group on every stream it reads. */
export const CONSUMER_GROUP = 'session';

export interface TravelConsumerDeps extends EventsContext {
  redis: Redis;
  /** REDIS_PREFIX. */
  prefix: string;
  /** The service's context (app.ctx): results are stored through its `write`, checked with its `live` options. */
  ctx: Pick<SessionContext, 'write' | 'live'>;
  /** Where a newly created group starts ('0': everything still on the stream). */
  startId?: '$' | '0';
}

/**
 * Consumes `travel.computed` (group 'session', idempotent by event id): in one write (context.write)
 * stores each participant's result and the earliest arrival, runs the live check (lateness alerts)
 * and marks the session changed, so its session.changed and `refresh-session` go to the outbox in
 * the same transaction. A payload that does not parse is dead-lettered by the bus.
 */
export function startTravelConsumer(deps: TravelConsumerDeps): Consumer {
  return consumeEvents(deps, {
    topic: TOPICS.travelComputed,
    group: CONSUMER_GROUP,
    once: true,
    startId: deps.startId ?? '0',
    failure: 'travel.computed handling failed',
    handle: async (data, event) => {
      const outcome = await deps.ctx.write(async (tx, changed) => {
        const result = await storeTravelResults(tx, data);
        if (result !== 'stored') return result;
        // New travel times can make someone late: the check's alerts commit with the results.
        await checkLive(tx, data.sessionId, new Date(), deps.ctx.live);
        changed(data.sessionId, 'travel', undefined, { userIds: 'all' });
        return result;
      });
      // 'unchanged': the same times again, nothing anyone sees moved, so nobody is nudged.
      if (outcome !== 'stored' && outcome !== 'unchanged')
        deps.log.warn(
          { eventId: event.id, sessionId: data.sessionId, outcome },
          'travel.computed not stored',
        );
    },
  });
}
