import type { EventOf } from '../domain/types.js';
import { setSubscription, type WebhookTx } from './effects.js';

/**
 * customer.subscription.deleted: the subscription ends (canceled for good) and, with no other live
 * one, the user's plan returns to free.
 */
export async function customerSubscriptionDeleted(
  w: WebhookTx,
  event: EventOf<'customer.subscription.deleted'>,
): Promise<string[]> {
  const s = event.subscription;
  const userId = await setSubscription(w, { ...s, status: 'canceled' }, event.created);
  return userId ? [userId] : [];
}
