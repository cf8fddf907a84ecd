import { bigint, index, integer, jsonb, pgSchema, text, timestamp } from 'drizzle-orm/pg-core';
import type { Plan } from '@oneeta/contracts';
import { outboxTable } from '@oneeta/service-kit';

/** 'none': no provider configured, nothing can be bought (see providers/index.ts). */
export type ProviderName = 'local' | 'stripe' | 'none';

/** `incomplete`: the first payment is not made yet (not live, not shown). */
export const DOMAIN_SUBSCRIPTION_STATUSES = [
  'active',
  'past_due',
  'canceled',
  'incomplete',
] as const;
export type DomainSubscriptionStatus = (typeof DOMAIN_SUBSCRIPTION_STATUSES)[number];

/** The billing service's own Postgres schema; no other service reads it. */
export const billing = pgSchema('billing');

/** The provider's customer of each user (Stripe's `cus_…`), made once and reused. */
export const customers = billing.table('customers', {
  userId: text('user_id').primaryKey(),
  provider: text('provider').notNull(),
  customerId: text('customer_id').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A checkout the user opened: a local test-mode checkout, or a Stripe Checkout Session (its id).
 * `status` moves from open to paid, cancelled or expired, once.
 */
export const checkouts = billing.table(
  'checkouts',
  {
    id: text('id').primaryKey(),
    provider: text('provider').notNull(),
    userId: text('user_id').notNull(),
    plan: text('plan').$type<'standard' | 'premium'>().notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    status: text('status')
      .$type<'open' | 'paid' | 'cancelled' | 'expired'>()
      .notNull()
      .default('open'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('checkouts_user_idx').on(t.userId)],
);

/**
 * A subscription, keyed by the provider's id. Only an event newer than `eventCreated` (the
 * provider's `event.created`, seconds) changes it, so late and replayed deliveries cannot roll it back.
 */
export const subscriptions = billing.table(
  'subscriptions',
  {
    id: text('id').primaryKey(),
    provider: text('provider').notNull(),
    userId: text('user_id').notNull(),
    customerId: text('customer_id'),
    plan: text('plan').$type<Plan>().notNull(),
    status: text('status').$type<DomainSubscriptionStatus>().notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: integer('cancel_at_period_end').notNull().default(0),
    eventCreated: bigint('event_created', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subscriptions_user_idx').on(t.userId)],
);

/** Each provider event applied, once: its id is inserted in the transaction of its effect. */
export const processedEvents = billing.table('processed_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  created: bigint('created', { mode: 'number' }).notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Enterprise contact requests (document 2 §3): the id is the reference shown to the person. */
export const enterpriseLeads = billing.table('enterprise_leads', {
  id: text('id').primaryKey(),
  /** The signed-in sender, when a bearer token came with the request. */
  userId: text('user_id'),
  name: text('name').notNull(),
  email: text('email').notNull(),
  company: text('company'),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const outbox = outboxTable(billing);

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type CheckoutRow = typeof checkouts.$inferSelect;
