import { ARRIVAL_DWELL_SECONDS, TOPICS, travelComputedDataSchema } from '@oneeta/contracts';
import { idempotent, type AccountLookup, type Database, type EventBus, type Outbox, type Redis } from '@oneeta/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import { checkLive } from '../changes/live-check.js';
import { createNotifier } from '../changes/notify.js';
import { storeTravelResults } from '../changes/travel-results.js';

/** The session service's consumer group on every stream it reads. */
export const CONSUMER_GROUP = 'session';

export interface TravelConsumerDeps {
  bus: Pick<EventBus, 'consume'>;
  db: Database;
  /** Where the follow-up session.changed and nudge are written, in the transaction that stores the results. */
  outbox: Outbox;
  wakeRelay?: () => void;
  redis: Redis;
  /** REDIS_PREFIX. */
  prefix: string;
  /** This replica's consumer name (unique per process). */
  consumer: string;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** ARRIVAL_DWELL_SECONDS in ms, for the live check that follows each stored result (default: the contracts' 60 s). */
  dwellMs?: number;
  /** The owner's current plan for re-plan offers (LiveCheckOptions.accounts). */
  accounts?: AccountLookup;
  /** Where a newly created group starts ('0': everything still on the stream). */
  startId?: '$' | '0';
}

/**
 * Consumes `travel.computed` (group 'session', idempotent by event id): stores each participant's
 * result and the earliest arrival, runs the live check (lateness alerts) and, in the same
 * transaction, writes session.changed and `refresh-session` to the outbox.
 * A payload that does not parse is logged and acknowledged (retrying cannot fix it).
 */
export function startTravelConsumer(deps: TravelConsumerDeps): { stop(): Promise<void>; ready: Promise<void> } {
  const notify = createNotifier({ outbox: deps.outbox, routeJobDelayMs: 0 }) // a travel result schedules no route job;
  const consumer = deps.bus.consume<unknown>({
    topic: TOPICS.travelComputed,
    group: CONSUMER_GROUP,
    consumer: deps.consumer,
    startId: deps.startId ?? '0',
    handler: idempotent(deps.redis, deps.prefix, CONSUMER_GROUP, async (event) => {
      const parsed = travelComputedDataSchema.safeParse(event.data);
      if (!parsed.success) {
        deps.log.warn({ eventId: event.id, issues: parsed.error.issues }, 'travel.computed ignored: bad payload');
        return;
      }
      const outcome = await deps.db.transaction(async (handle) => {
        const tx = handle as unknown as Database;
        const result = await storeTravelResults(tx, parsed.data);
        if (result !== 'stored') return result;
        // New travel times can make someone late: the check's alerts commit with the results.
        await checkLive(tx, parsed.data.sessionId, new Date(), { outbox: deps.outbox, dwellMs: deps.dwellMs ?? ARRIVAL_DWELL_SECONDS * 1000, accounts: deps.accounts });
        await notify(tx, parsed.data.sessionId, 'travel', undefined, 'all');
        return result;
      });
      // The same times again: nothing anyone sees moved, so nobody is nudged.
      if (outcome === 'unchanged') return;
      if (outcome !== 'stored') {
        deps.log.warn({ eventId: event.id, sessionId: parsed.data.sessionId, outcome }, 'travel.computed not stored');
        return;
      }
      deps.wakeRelay?.();
    }),
    onError: (err, event) => deps.log.error({ err, eventId: event?.id }, 'travel.computed handling failed'),
  });
  return { stop: () => consumer.stop(), ready: consumer.ready };
}
