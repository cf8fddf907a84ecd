import type { EventOf } from '../domain/types.js';
import { recordUsage, setSubscription, type WebhookTx } from './effects.js';

/**
 * invoice.paid: a renewal's payment goes to the ledger (the first invoice was counted with the
 * checkout) and a past-due subscription is active again.
 */
export async function invoicePaid(w: WebhookTx, event: EventOf<'invoice.paid'>): Promise<string[]> {
  const { invoice } = event;
  const stored = invoice.subscriptionId ? await w.store.subscription(invoice.subscriptionId) : null;
  const userId =
    stored?.userId ??
    (invoice.customerId ? await w.store.userOfCustomer(invoice.customerId) : null);
  if (!userId) return [];
  if (stored?.status === 'past_due')
    await setSubscription(
      w,
      { ...stored, cancelAtPeriodEnd: stored.cancelAtPeriodEnd === 1, status: 'active' },
      event.created,
    );
  if (!invoice.firstOfSubscription)
    await recordUsage(w, userId, {
      kind: 'payment',
      amountMinor: invoice.amountMinor,
      currency: invoice.currency,
      plan: stored?.plan ?? null,
      previousPlan: null,
    });
  return [userId];
}
