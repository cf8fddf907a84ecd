import type { EventOf } from '../domain/types.js';
import { setSubscription, type WebhookTx } from './effects.js';

/**
 * invoice.payment_failed: the subscription is past due and keeps its plan through the provider's
 * retry period (a later customer.subscription.deleted ends it).
 */
export async function invoicePaymentFailed(
  w: WebhookTx,
  event: EventOf<'invoice.payment_failed'>,
): Promise<string[]> {
  const { subscriptionId } = event.invoice;
  const stored = subscriptionId ? await w.store.subscription(subscriptionId) : null;
  if (!stored) return [];
  const userId = await setSubscription(
    w,
    { ...stored, cancelAtPeriodEnd: stored.cancelAtPeriodEnd === 1, status: 'past_due' },
    event.created,
  );
  return userId ? [userId] : [];
}
