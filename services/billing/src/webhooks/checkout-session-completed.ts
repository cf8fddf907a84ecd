import type { EventOf } from '../domain/types.js';
import { recordUsage, setSubscription, type WebhookTx } from './effects.js';

/**
 * checkout.session.completed: the checkout is paid once (a local one only while open), the
 * customer is kept for the user, the subscription starts active and the payment is recorded.
 */
export async function checkoutSessionCompleted(
  w: WebhookTx,
  event: EventOf<'checkout.session.completed'>,
): Promise<string[]> {
  const c = event.checkout;
  const row = await w.store.checkout(c.checkoutId);
  if (row) {
    const from = row.provider === 'local' ? (['open'] as const) : (['open', 'expired'] as const);
    if (!(await w.store.closeCheckout(row.id, [...from], 'paid'))) return [];
  }
  const userId = c.userId ?? row?.userId ?? null;
  const plan = c.plan ?? row?.plan ?? null;
  if (!userId || !plan || !c.paid || !c.subscriptionId) return [];
  if (c.customerId) await w.store.saveCustomer(userId, w.provider, c.customerId);
  await setSubscription(
    w,
    {
      id: c.subscriptionId,
      userId,
      customerId: c.customerId,
      plan,
      status: 'active',
      currentPeriodEnd: c.currentPeriodEnd,
      cancelAtPeriodEnd: false,
    },
    event.created,
  );
  const amountMinor = c.amountMinor ?? row?.amountMinor ?? null;
  const currency = c.currency ?? row?.currency ?? null;
  if (amountMinor !== null && currency)
    await recordUsage(w, userId, {
      kind: 'payment',
      amountMinor,
      currency,
      plan,
      previousPlan: null,
    });
  return [userId];
}
