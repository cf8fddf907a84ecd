import { PLANS, PAID_SELF_SERVE_PLANS, type Plan } from '@oneeta/contracts';
import { z } from 'zod';
import {
  DOMAIN_SUBSCRIPTION_STATUSES,
  type DomainSubscriptionStatus,
  type ProviderName,
} from '../store/schema.js';

/**
 * The billing domain's own words for what a payment provider reports. The Stripe adapter maps
 * Stripe's objects to these; the local provider writes them itself. No provider type crosses here.
 */
export type SelfServePlan = (typeof PAID_SELF_SERVE_PLANS)[number];
export { DOMAIN_SUBSCRIPTION_STATUSES, type DomainSubscriptionStatus, type ProviderName };

const date = z.coerce.date();
const planOrNull = z.enum(PLANS).nullable();

export const subscriptionFactsSchema = z.object({
  id: z.string().min(1),
  customerId: z.string().nullable(),
  /** Our user id, when the provider carries it (metadata); else found through the customer. */
  userId: z.string().nullable(),
  /** The plan its price sells; null for a price we do not know. */
  plan: planOrNull,
  status: z.enum(DOMAIN_SUBSCRIPTION_STATUSES),
  currentPeriodEnd: date.nullable(),
  cancelAtPeriodEnd: z.boolean(),
});
export type SubscriptionFacts = z.infer<typeof subscriptionFactsSchema>;

export const checkoutFactsSchema = z.object({
  checkoutId: z.string().min(1),
  userId: z.string().nullable(),
  plan: z.enum(PAID_SELF_SERVE_PLANS).nullable(),
  customerId: z.string().nullable(),
  subscriptionId: z.string().nullable(),
  /** The checkout's payment was taken (a subscription checkout may complete unpaid). */
  paid: z.boolean(),
  amountMinor: z.number().int().nullable(),
  currency: z.string().length(3).nullable(),
  currentPeriodEnd: date.nullable(),
});
export type CheckoutFacts = z.infer<typeof checkoutFactsSchema>;

export const invoiceFactsSchema = z.object({
  subscriptionId: z.string().nullable(),
  customerId: z.string().nullable(),
  amountMinor: z.number().int(),
  currency: z.string().length(3),
  /** The subscription's first invoice (the checkout already counted that payment). */
  firstOfSubscription: z.boolean(),
});
export type InvoiceFacts = z.infer<typeof invoiceFactsSchema>;

const base = { id: z.string().min(1), created: z.number().int() };
export const billingEventSchema = z.discriminatedUnion('type', [
  z.object({
    ...base,
    type: z.literal('checkout.session.completed'),
    checkout: checkoutFactsSchema,
  }),
  /** The checkout page closed unpaid (Stripe's 24 h; a local checkout expires by itself). */
  z.object({
    ...base,
    type: z.literal('checkout.session.expired'),
    checkout: z.object({ checkoutId: z.string().min(1) }),
  }),
  z.object({
    ...base,
    type: z.enum([
      'customer.subscription.created',
      'customer.subscription.updated',
      'customer.subscription.deleted',
    ]),
    subscription: subscriptionFactsSchema,
  }),
  z.object({
    ...base,
    type: z.enum(['invoice.paid', 'invoice.payment_failed']),
    invoice: invoiceFactsSchema,
  }),
]);
/** One provider event: its id (applied once) and `created` (seconds: newer events win). */
export type BillingEvent = z.infer<typeof billingEventSchema>;
export type BillingEventType = BillingEvent['type'];
/** The event of one type (the subscription and invoice variants share a shape). */
export type EventOf<T extends BillingEventType> = BillingEvent extends infer E
  ? E extends { type: infer U }
    ? T extends U
      ? Omit<E, 'type'> & { type: T }
      : never
    : never
  : never;

export type { Plan };
