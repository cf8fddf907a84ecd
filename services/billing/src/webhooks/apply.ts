import type { Database, Outbox } from '@oneeta/service-kit';
import type { BillingEvent, BillingEventType, EventOf, ProviderName } from '../domain/types.js';
import { createBillingStore } from '../store/billing-store.js';
import { checkoutSessionCompleted } from './checkout-session-completed.js';
import { checkoutSessionExpired } from './checkout-session-expired.js';
import { customerSubscriptionCreated } from './customer-subscription-created.js';
import { customerSubscriptionDeleted } from './customer-subscription-deleted.js';
import { customerSubscriptionUpdated } from './customer-subscription-updated.js';
import { queuePlanPush, type WebhookTx } from './effects.js';
import { invoicePaid } from './invoice-paid.js';
import { invoicePaymentFailed } from './invoice-payment-failed.js';

type Handler<T extends BillingEventType> = (w: WebhookTx, event: EventOf<T>) => Promise<string[]>;

/** One handler per event type (a file each). */
const HANDLERS: { [T in BillingEventType]: Handler<T> } = {
  'checkout.session.completed': checkoutSessionCompleted,
  'checkout.session.expired': checkoutSessionExpired,
  'customer.subscription.created': customerSubscriptionCreated,
  'customer.subscription.updated': customerSubscriptionUpdated,
  'customer.subscription.deleted': customerSubscriptionDeleted,
  'invoice.payment_failed': invoicePaymentFailed,
  'invoice.paid': invoicePaid,
};

export interface ApplyDeps {
  db: Database;
  outbox: Outbox;
  provider: ProviderName;
  onCommit?: (() => void) | undefined;
}

/**
 * Applies one provider event in one transaction: its id is stored (ON CONFLICT DO NOTHING) with its
 * effect and the ledger events it implies, so a repeated delivery changes nothing. With the effect
 * goes a plan push per user concerned (a job through the outbox). Answers whether it was new and
 * the users whose subscriptions it concerns.
 */
export async function applyEvent(
  deps: ApplyDeps,
  event: BillingEvent,
): Promise<{ applied: boolean; userIds: string[] }> {
  const result = await deps.db.transaction(async (handle) => {
    const tx = handle as unknown as Database;
    const store = createBillingStore(tx);
    // Seen before: nothing changes (its plan push was queued with its first delivery).
    if (!(await store.markEvent(event)))
      return { applied: false, userIds: await usersOf(store, event) };
    const w: WebhookTx = { tx, store, outbox: deps.outbox, provider: deps.provider };
    const handler = HANDLERS[event.type] as Handler<typeof event.type>;
    const userIds = [...new Set(await handler(w, event))];
    // The plan reaches auth durably: its push commits with the effect, and is retried until auth takes it.
    for (const userId of userIds) await queuePlanPush(w, userId);
    return { applied: true, userIds };
  });
  if (result.applied) deps.onCommit?.();
  return result;
}

/** Who an event concerns, from what is stored. */
async function usersOf(
  store: ReturnType<typeof createBillingStore>,
  event: BillingEvent,
): Promise<string[]> {
  let userId: string | null = null;
  if (event.type === 'checkout.session.expired') return [];
  if (event.type === 'checkout.session.completed')
    userId =
      event.checkout.userId ?? (await store.checkout(event.checkout.checkoutId))?.userId ?? null;
  else {
    const ref =
      'subscription' in event
        ? { sub: event.subscription.id, cus: event.subscription.customerId }
        : { sub: event.invoice.subscriptionId, cus: event.invoice.customerId };
    userId =
      (ref.sub ? (await store.subscription(ref.sub))?.userId : null) ??
      (ref.cus ? await store.userOfCustomer(ref.cus) : null);
  }
  return userId ? [userId] : [];
}
