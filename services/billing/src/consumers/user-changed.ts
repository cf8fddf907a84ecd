import { TOPICS, userChangedDataSchema } from '@oneeta/contracts';
import type { EventBus } from '@oneeta/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { Billing } from '../subscriptions/billing.js';

/** The consumer group of billing's downgrade follow-up (renaming it re-reads the stream). */
export const DOWNGRADE_GROUP = 'billing:downgrades';

/**
 * user.changed: a move to free ends the paid subscription (PATCH /api/auth/plan). A failure (the
 * provider or auth unreachable) throws, and the bus redelivers.
 */
export function startUserChangedConsumer(deps: {
  bus: Pick<EventBus, 'consume'>;
  consumer: string;
  billing: Pick<Billing, 'onUserChanged'>;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}) {
  return deps.bus.consume<unknown>({
    topic: TOPICS.userChanged,
    group: DOWNGRADE_GROUP,
    consumer: deps.consumer,
    startId: '0',
    handler: async (event) => {
      const parsed = userChangedDataSchema.safeParse(event.data);
      if (!parsed.success) {
        deps.log.warn({ eventId: event.id }, 'billing: user.changed ignored (bad payload)');
        return;
      }
      await deps.billing.onUserChanged(parsed.data);
    },
    onError: (err, event) => deps.log.error({ err, eventId: event?.id }, 'billing: downgrade not applied'),
  });
}
