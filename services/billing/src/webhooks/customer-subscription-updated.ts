import type { EventOf } from '../domain/types.js';
import { setSubscription, type WebhookTx } from './effects.js';

/**
 * customer.subscription.updated: the subscription's plan, status and period as the provider has them now
 * (applied only when newer than what is stored).
 */
export async function customerSubscriptionUpdated(
  w: WebhookTx,
  event: EventOf<'customer.subscription.updated'>,
): Promise<string[]> {
  const s = event.subscription;
  const userId = await setSubscription(w, { ...s }, event.created);
  return userId ? [userId] : [];
}
