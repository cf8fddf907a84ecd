/**
 * The return from a checkout (issue 18): /plans?checkout=success|cancelled. After a success the
 * plan changes on the server (at once with the local provider, when Stripe's webhook arrives with
 * Stripe), so the page asks for a fresh token until it carries the subscription's plan.
 */
import type { AuthResponse, CheckoutResult, Plan, SubscriptionView } from '@oneeta/contracts';

/**
 * The contract's CHECKOUT_RESULTS, restated: its module holds schemas (the lazy schemas chunk), and
 * this page is in the entry. The `satisfies` keeps the two lists the same.
 */
export const CHECKOUT_RESULTS = [
  'success',
  'cancelled',
] as const satisfies readonly CheckoutResult[];

export interface PlansSearch {
  checkout?: CheckoutResult;
}

/** The /plans route's search: `checkout` only when it is one of the known results. */
export function validatePlansSearch(search: Record<string, unknown>): PlansSearch {
  const value = search.checkout;
  return (CHECKOUT_RESULTS as readonly unknown[]).includes(value)
    ? { checkout: value as CheckoutResult }
    : {};
}

/** The user's plan is the one of a live subscription: the checkout has reached the account. */
export function planSettled(plan: Plan, subscription: SubscriptionView | null): boolean {
  return subscription !== null && subscription.status !== 'canceled' && subscription.plan === plan;
}

/** Waits before each try (ms): about 20 s in all, the first try at once. */
export const SETTLE_DELAYS_MS: readonly number[] = [
  0, 500, 1000, 1000, 2000, 2000, 3000, 3000, 4000, 4000,
];

export interface SettleDeps {
  /** POST /api/auth/refresh */
  refresh: () => Promise<AuthResponse>;
  /** GET /api/billing/subscription */
  subscription: () => Promise<{ subscription: SubscriptionView | null }>;
  wait: (ms: number) => Promise<void>;
  /** True once the page is gone: stop asking. */
  stopped: () => boolean;
  delays?: readonly number[];
}

export interface SettleOutcome {
  /** The newest fresh token and user (null when no refresh succeeded). */
  answer: AuthResponse | null;
  /** The token's plan is the subscription's. */
  settled: boolean;
}

/**
 * Refreshes the token until `settled` says its plan is the one the server's billing has reached
 * (by default: the subscription's, after a checkout; `plan === 'free'` after a cancel), or the tries
 * run out.
 */
export async function settleCheckout(
  deps: SettleDeps,
  settled: (plan: Plan, subscription: SubscriptionView | null) => boolean = planSettled,
): Promise<SettleOutcome> {
  let answer: AuthResponse | null = null;
  for (const delay of deps.delays ?? SETTLE_DELAYS_MS) {
    await deps.wait(delay);
    if (deps.stopped()) break;
    try {
      const [fresh, { subscription }] = await Promise.all([deps.refresh(), deps.subscription()]);
      answer = fresh;
      if (settled(fresh.user.plan, subscription)) return { answer, settled: true };
    } catch {
      // A failed try (a service restarting, a slow webhook): the next one may answer.
    }
  }
  return { answer, settled: false };
}
