import { TOPICS } from '@oneeta/contracts';
import { consumeEvents, type EventsContext } from '@oneeta/service-kit';
import type { Billing } from '../actions/billing.js';

/** The consumer group of billing's downgrade follow-up (renaming it re-reads the stream). */
export const DOWNGRADE_GROUP = 'billing:downgrades';

/**
 * user.changed: a move to free ends the paid subscription (PATCH /api/auth/plan). A failure (the
 * provider or auth unreachable) throws, and the bus redelivers.
 */
export function startUserChangedConsumer(
  deps: EventsContext & { billing: Pick<Billing, 'onUserChanged'> },
) {
  return consumeEvents(deps, {
    topic: TOPICS.userChanged,
    group: DOWNGRADE_GROUP,
    failure: 'billing: downgrade not applied',
    handle: (data) => deps.billing.onUserChanged(data),
  });
}
