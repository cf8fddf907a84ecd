import type Stripe from 'stripe';
import type {
  BillingEvent,
  DomainSubscriptionStatus,
  SelfServePlan,
  SubscriptionFacts,
} from '../domain/types.js';

/** Price id → plan, both ways (from STRIPE_PRICE_STANDARD and STRIPE_PRICE_PREMIUM). */
export type PriceIds = Record<SelfServePlan, string>;

const idOf = (ref: string | { id: string } | null | undefined): string | null =>
  ref == null ? null : typeof ref === 'string' ? ref : ref.id;

function planOfPrice(prices: PriceIds, priceId: string | null | undefined): SelfServePlan | null {
  if (!priceId) return null;
  return (Object.keys(prices) as SelfServePlan[]).find((plan) => prices[plan] === priceId) ?? null;
}

const asPlan = (value: string | undefined): SelfServePlan | null =>
  value === 'standard' || value === 'premium' ? value : null;

/** Stripe's subscription statuses in the domain's four. */
export function statusOf(status: Stripe.Subscription.Status): DomainSubscriptionStatus {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
    case 'unpaid':
      return 'past_due';
    case 'canceled':
    case 'incomplete_expired':
      return 'canceled';
    default:
      return 'incomplete';
  }
}

export function subscriptionFacts(sub: Stripe.Subscription, prices: PriceIds): SubscriptionFacts {
  const item = sub.items?.data?.[0];
  const periodEnd = item?.current_period_end;
  return {
    id: sub.id,
    customerId: idOf(sub.customer),
    userId: sub.metadata?.userId ?? null,
    plan: planOfPrice(prices, item?.price?.id) ?? asPlan(sub.metadata?.plan),
    status: statusOf(sub.status),
    currentPeriodEnd: typeof periodEnd === 'number' ? new Date(periodEnd * 1000) : null,
    cancelAtPeriodEnd: sub.cancel_at_period_end === true,
  };
}

/**
 * A verified Stripe event in the domain's words; null for a type billing does not handle (it is
 * acknowledged and dropped).
 */
export function toBillingEvent(event: Stripe.Event, prices: PriceIds): BillingEvent | null {
  const base = { id: event.id, created: event.created };
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      if (session.mode !== 'subscription') return null;
      return {
        ...base,
        type: event.type,
        checkout: {
          checkoutId: session.id,
          userId: session.client_reference_id ?? session.metadata?.userId ?? null,
          plan: asPlan(session.metadata?.plan),
          customerId: idOf(session.customer),
          subscriptionId: idOf(session.subscription),
          paid:
            session.payment_status === 'paid' || session.payment_status === 'no_payment_required',
          amountMinor: session.amount_total ?? null,
          currency: session.currency ?? null,
          currentPeriodEnd: null,
        },
      };
    }
    case 'checkout.session.expired': {
      const session = event.data.object;
      if (session.mode !== 'subscription') return null;
      return { ...base, type: event.type, checkout: { checkoutId: session.id } };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return {
        ...base,
        type: event.type,
        subscription: subscriptionFacts(event.data.object, prices),
      };
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      return {
        ...base,
        type: event.type,
        invoice: {
          subscriptionId: idOf(invoice.parent?.subscription_details?.subscription),
          customerId: idOf(invoice.customer),
          amountMinor: event.type === 'invoice.paid' ? invoice.amount_paid : invoice.amount_due,
          currency: invoice.currency,
          firstOfSubscription: invoice.billing_reason === 'subscription_create',
        },
      };
    }
    default:
      return null;
  }
}
