import { BILLING_MESSAGES, PAID_SELF_SERVE_PLANS, PLAN_TABLE, type Plan } from '@oneeta/contracts';
import type { DomainSubscriptionStatus, SelfServePlan } from './types.js';

export const isSelfServe = (plan: Plan): plan is SelfServePlan =>
  (PAID_SELF_SERVE_PLANS as readonly string[]).includes(plan);

/**
 * Why the caller may not buy `plan` now, or null: only Standard and Premium, never the current
 * plan, and nothing for an Enterprise account.
 */
export function checkoutRefusal(plan: Plan, current: Plan): string | null {
  if (!isSelfServe(plan)) return BILLING_MESSAGES.notSelfServe;
  if (current === 'enterprise') return BILLING_MESSAGES.enterpriseManaged;
  if (plan === current) return BILLING_MESSAGES.alreadyOnPlan;
  return null;
}

/** The price of a self-serve plan, in US cents. */
export function priceOf(plan: SelfServePlan): {
  amountMinor: number;
  currency: string;
  label: string;
  name: string;
} {
  const row = PLAN_TABLE[plan];
  return {
    amountMinor: row.priceCents ?? 0,
    currency: 'usd',
    label: row.priceLabel,
    name: row.name,
  };
}

/** A subscription that gives its plan: paid up, or in the provider's retry period. */
export const isLive = (status: DomainSubscriptionStatus) =>
  status === 'active' || status === 'past_due';

const RANK: Record<DomainSubscriptionStatus, number> = {
  incomplete: 0,
  active: 1,
  past_due: 2,
  canceled: 3,
};

/**
 * Whether an event (its `created`, seconds) may change a subscription last set by an event of
 * `storedCreated`: only a newer one; within the same second, one that moves it forward. A canceled
 * subscription stays canceled (providers never revive one).
 */
export function supersedes(
  incoming: { created: number; status: DomainSubscriptionStatus },
  stored: { eventCreated: number; status: DomainSubscriptionStatus },
): boolean {
  if (stored.status === 'canceled') return false;
  if (incoming.created !== stored.eventCreated) return incoming.created > stored.eventCreated;
  return RANK[incoming.status] >= RANK[stored.status];
}

/** 30 days on from `from` (the local provider's monthly period). */
export const nextPeriodEnd = (from: Date) => new Date(from.getTime() + 30 * 86_400_000);
