import {
  JOBS,
  QUEUES,
  TOPICS,
  type BillingUsageData,
  type Plan,
  type PlanPushJob,
} from '@oneeta/contracts';
import type { Database, Outbox } from '@oneeta/service-kit';
import { supersedes } from '../domain/rules.js';
import type { DomainSubscriptionStatus, ProviderName } from '../domain/types.js';
import type { BillingStore } from '../store/billing-store.js';
import { ERASED } from '../store/erase-user.js';

/** What an event handler works with: the store and outbox inside the event's transaction. */
export interface WebhookTx {
  tx: Database;
  store: BillingStore;
  outbox: Outbox;
  provider: ProviderName;
}

/** A subscription as an event describes it; unknown user or plan are filled in from what is stored. */
export interface SubscriptionChange {
  id: string;
  userId: string | null;
  customerId: string | null;
  plan: Plan | null;
  status: DomainSubscriptionStatus;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

/** Writes a billing.usage event for the admin ledger, in the event's transaction. */
export async function recordUsage(
  w: WebhookTx,
  userId: string,
  data: Omit<BillingUsageData, 'userId' | 'at'>,
): Promise<void> {
  await w.outbox.add(w.tx, {
    aggregate: `user:${userId}`,
    kind: 'event',
    topic: TOPICS.billingUsage,
    data: { userId, at: new Date().toISOString(), ...data } satisfies BillingUsageData,
  });
}

/**
 * Queues the push of the user's plan to auth (PUT /internal/users/:id/plan), in the event's
 * transaction: the relay hands it to the billing-plan-push queue, whose worker retries with backoff
 * until auth takes it. The job names the user only; the worker reads the plan when it runs.
 */
export async function queuePlanPush(
  w: Pick<WebhookTx, 'tx' | 'outbox'>,
  userId: string,
): Promise<void> {
  const entry = JOBS[QUEUES.planPush];
  await w.outbox.add(w.tx, {
    aggregate: `user:${userId}`,
    kind: 'job',
    queue: entry.queue,
    name: entry.name,
    data: { userId } satisfies PlanPushJob,
  });
}

/**
 * Applies a subscription's state from an event created at `created` (seconds), unless the stored
 * row was set by a newer event; a plan_change goes to the ledger when the user's plan moves.
 * Returns the user concerned (null when neither the event nor the store says who, or which plan).
 */
export async function setSubscription(
  w: WebhookTx,
  change: SubscriptionChange,
  created: number,
): Promise<string | null> {
  const stored = await w.store.subscription(change.id);
  // A deleted account's subscription ended with it: a late event names nobody any more.
  if (stored?.userId === ERASED) return null;
  const userId =
    change.userId ??
    stored?.userId ??
    (change.customerId ? await w.store.userOfCustomer(change.customerId) : null);
  const plan = change.plan ?? stored?.plan ?? null;
  if (!userId || !plan) return null;
  if (stored && !supersedes({ created, status: change.status }, stored)) return userId;
  const before = await w.store.planFromSubscriptions(userId);
  await w.store.upsertSubscription({
    id: change.id,
    provider: w.provider,
    userId,
    customerId: change.customerId ?? stored?.customerId ?? null,
    plan,
    status: change.status,
    currentPeriodEnd: change.currentPeriodEnd ?? stored?.currentPeriodEnd ?? null,
    cancelAtPeriodEnd: change.cancelAtPeriodEnd,
    eventCreated: created,
  });
  const after = await w.store.planFromSubscriptions(userId);
  if (after !== before)
    await recordUsage(w, userId, {
      kind: 'plan_change',
      plan: after,
      previousPlan: before,
      amountMinor: null,
      currency: null,
    });
  return userId;
}
