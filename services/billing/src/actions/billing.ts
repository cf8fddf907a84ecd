import { randomUUID } from 'node:crypto';
import {
  BILLING_MESSAGES,
  PAID_PLANS,
  type LocalCheckout,
  type SubscriptionView,
  type UserChangedData,
  type UserDeletedData,
} from '@oneeta/contracts';
import {
  badRequest,
  HttpError,
  notFound,
  RETRY_AFTER_SECONDS,
  UNAVAILABLE_MESSAGE,
  type AuthUser,
  type Database,
  type Outbox,
} from '@oneeta/service-kit';
import type { Config } from '../config.js';
import { checkoutRefusal, nextPeriodEnd, priceOf } from '../domain/rules.js';
import type { BillingEvent } from '../domain/types.js';
import type { AuthClient } from '../providers/auth.js';
import type { LocalProvider } from '../providers/local.js';
import { BadSignatureError, ProviderError, type BillingProvider } from '../providers/port.js';
import { createPlanPusher } from '../consumers/plan-push.js';
import { createBillingStore } from '../store/billing-store.js';
import { eraseUser, type ErasedCounts } from '../store/erase-user.js';
import type { CheckoutRow, SubscriptionRow } from '../store/schema.js';
import { applyEvent } from '../webhooks/apply.js';

export interface BillingDeps {
  config: Pick<Config, 'PUBLIC_URL' | 'CHECKOUT_TTL_MINUTES'>;
  db: Database;
  outbox: Outbox;
  wakeRelay?: (() => void) | undefined;
  provider: BillingProvider;
  auth: AuthClient;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);
/** How long an answer waits for its own best-effort push to auth (the queued job is the sure one). */
const INLINE_PUSH_MS = 1000;
const compactId = (prefix: string) => `${prefix}_${randomUUID().replace(/-/g, '')}`;

/**
 * The billing domain's operations, shared by both providers: every change of a subscription goes
 * through one provider event applied once (applyEvent), whose transaction also queues the push of
 * the user's plan to auth (which publishes user.changed, so limits follow at once).
 */
export function createBilling(deps: BillingDeps) {
  const { provider, config } = deps;
  const store = createBillingStore(deps.db);
  const origin = config.PUBLIC_URL;
  const plansUrl = (result: 'success' | 'cancelled') => `${origin}/plans?checkout=${result}`;
  const apply = (event: BillingEvent) =>
    applyEvent(
      { db: deps.db, outbox: deps.outbox, provider: provider.name, onCommit: deps.wakeRelay },
      event,
    );

  /** The provider's refusals answer 400 with their message; its outages 503. */
  const viaProvider = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      if (err.kind === 'invalid_request' || err.kind === 'card')
        throw badRequest(err.message, err.code ?? 'provider_error');
      // Stripe down, or our key refused: not the caller's doing.
      throw new HttpError(503, UNAVAILABLE_MESSAGE, 'unavailable', {
        'retry-after': String(RETRY_AFTER_SECONDS),
      });
    }
  };

  /**
   * A newer subscription replaces older live ones: those end (each as a customer.subscription.deleted
   * whose transaction queues the plan push). The plan itself reaches auth through the
   * billing-plan-push queue (consumers/plan-push.ts), never inline, so an answer never waits for auth.
   */
  async function settleUser(userId: string): Promise<void> {
    const live = await store.liveSubscriptions(userId);
    for (const older of live.slice(1)) await endSubscription(older);
  }

  const pushPlan = createPlanPusher({ store, auth: deps.auth });

  /**
   * After a change the signed-in user waits on (Pay, Cancel subscription): one push to auth now, so
   * the fresh token usually carries the plan at once, waited for at most INLINE_PUSH_MS and never
   * failing the answer. The push queued with the change retries until auth takes it.
   */
  async function pushNow(userId: string): Promise<void> {
    const attempt = pushPlan(userId).catch(() => undefined);
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<void>((resolve) => (timer = setTimeout(resolve, INLINE_PUSH_MS)));
    await Promise.race([attempt, bound]);
    clearTimeout(timer);
  }

  /** The webhook path: signature checked on the raw body, the event applied once (with its plan push). */
  async function receiveWebhook(rawBody: Buffer, signature: string | undefined): Promise<void> {
    let event: BillingEvent | null;
    try {
      event = provider.parseWebhook(rawBody, signature);
    } catch (err) {
      if (err instanceof BadSignatureError)
        throw badRequest(BILLING_MESSAGES.badSignature, 'bad_signature');
      throw err;
    }
    if (!event) return;
    const { userIds } = await apply(event);
    for (const userId of userIds) await settleUser(userId);
  }

  /** Sends an event of ours: the local provider signs it and it takes the webhook path. */
  async function emit(event: BillingEvent): Promise<void> {
    if (provider.name === 'local') {
      const signed = (provider as LocalProvider).sign(event);
      await receiveWebhook(signed.body, signed.signature);
      return;
    }
    const { userIds } = await apply(event);
    for (const userId of userIds) await settleUser(userId);
  }

  /** Ends a subscription now: at the provider, then as a customer.subscription.deleted. */
  async function endSubscription(sub: SubscriptionRow): Promise<void> {
    await viaProvider(() => provider.cancelSubscription(sub.id));
    await emit({
      id: compactId('evt_internal'),
      created: nowSeconds(),
      type: 'customer.subscription.deleted',
      subscription: {
        id: sub.id,
        customerId: sub.customerId,
        userId: sub.userId,
        plan: sub.plan,
        status: 'canceled',
        currentPeriodEnd: sub.currentPeriodEnd,
        cancelAtPeriodEnd: false,
      },
    });
  }

  const viewOf = (row: CheckoutRow): LocalCheckout => {
    const price = priceOf(row.plan);
    return {
      id: row.id,
      plan: row.plan,
      planName: price.name,
      priceLabel: price.label,
      amountMinor: row.amountMinor,
      currency: row.currency.toUpperCase(),
      status: row.status,
      expiresAt: row.expiresAt.toISOString(),
    };
  };

  /** The caller's own local checkout (404 for anyone else's), expired once its time is up. */
  async function ownCheckout(user: AuthUser, id: string): Promise<CheckoutRow> {
    const row = await store.checkout(id);
    // Local checkout pages exist only while the local provider sells: never paid under Stripe or none.
    if (!row || row.userId !== user.id || row.provider !== 'local' || provider.name !== 'local')
      throw notFound(BILLING_MESSAGES.checkoutNotFound, 'not_found');
    if (row.status === 'open' && row.expiresAt.getTime() <= Date.now()) {
      await store.closeCheckout(row.id, ['open'], 'expired');
      return { ...row, status: 'expired' };
    }
    return row;
  }

  const subscriptionView = (row: SubscriptionRow): SubscriptionView => ({
    provider: row.provider === 'stripe' ? 'stripe' : 'local',
    plan: row.plan,
    status: row.status === 'incomplete' ? 'past_due' : row.status,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd === 1,
  });

  return {
    store,
    providerName: provider.name,
    receiveWebhook,
    settleUser,
    /** What the billing-plan-push worker runs for a job: auth brought in line with billing. */
    pushPlan,

    async openCheckout(user: AuthUser, plan: AuthUser['plan']): Promise<string> {
      // The account view follows auth a moment behind a payment: the live subscription counts too.
      const [live] = await store.liveSubscriptions(user.id);
      const refusal = checkoutRefusal(plan, live?.plan === plan ? plan : user.plan);
      if (refusal || (plan !== 'standard' && plan !== 'premium'))
        throw badRequest(refusal ?? BILLING_MESSAGES.notSelfServe, 'plan_not_for_sale');
      const price = priceOf(plan);
      const customerId =
        (await store.customerOf(user.id)) ??
        (await store.saveCustomer(
          user.id,
          provider.name,
          await viaProvider(() => provider.createCustomer(user)),
        ));
      const expiresAt = new Date(Date.now() + config.CHECKOUT_TTL_MINUTES * 60_000);
      const checkout = await viaProvider(() =>
        provider.createCheckout({
          user,
          plan,
          checkoutId: compactId('cs_local'),
          customerId,
          successUrl: plansUrl('success'),
          cancelUrl: plansUrl('cancelled'),
          expiresAt,
        }),
      );
      await store.insertCheckout({
        id: checkout.id,
        provider: provider.name,
        userId: user.id,
        plan,
        amountMinor: price.amountMinor,
        currency: price.currency,
        expiresAt,
      });
      return checkout.url;
    },

    async openPortal(user: AuthUser): Promise<string> {
      const paying = (await store.liveSubscriptions(user.id)).length > 0;
      if (!paying && !PAID_PLANS.includes(user.plan))
        throw badRequest(BILLING_MESSAGES.noSubscription, 'no_subscription');
      const customerId = await store.customerOf(user.id);
      if (provider.name !== 'local' && !customerId)
        throw badRequest(BILLING_MESSAGES.noSubscription, 'no_subscription');
      return (await viaProvider(() => provider.createPortal(customerId ?? '', `${origin}/plans`)))
        .url;
    },

    localCheckout: async (user: AuthUser, id: string) => viewOf(await ownCheckout(user, id)),

    /** Pays a local checkout: a signed checkout.session.completed through the webhook path. */
    async payLocalCheckout(user: AuthUser, id: string): Promise<string> {
      const row = await ownCheckout(user, id);
      if (row.status !== 'open')
        throw badRequest(BILLING_MESSAGES.checkoutClosed, 'checkout_closed');
      await emit({
        id: compactId('evt_local'),
        created: nowSeconds(),
        type: 'checkout.session.completed',
        checkout: {
          checkoutId: row.id,
          userId: row.userId,
          plan: row.plan,
          customerId: await store.customerOf(user.id),
          subscriptionId: compactId('sub_local'),
          paid: true,
          amountMinor: row.amountMinor,
          currency: row.currency,
          currentPeriodEnd: nextPeriodEnd(new Date()),
        },
      });
      if ((await store.checkout(row.id))?.status !== 'paid')
        throw badRequest(BILLING_MESSAGES.checkoutClosed, 'checkout_closed');
      await pushNow(row.userId);
      return plansUrl('success');
    },

    async cancelLocalCheckout(user: AuthUser, id: string): Promise<string> {
      const row = await ownCheckout(user, id);
      if (row.status !== 'open' || !(await store.closeCheckout(row.id, ['open'], 'cancelled')))
        throw badRequest(BILLING_MESSAGES.checkoutClosed, 'checkout_closed');
      return plansUrl('cancelled');
    },

    async subscriptionOf(user: AuthUser): Promise<SubscriptionView | null> {
      const [live] = await store.liveSubscriptions(user.id);
      return live ? subscriptionView(live) : null;
    },

    /** Ends the caller's paid subscription now; the plan returns to free. */
    async cancelSubscriptionOf(user: AuthUser): Promise<SubscriptionView> {
      const live = await store.liveSubscriptions(user.id);
      if (live.length === 0) throw badRequest(BILLING_MESSAGES.noSubscription, 'no_subscription');
      for (const sub of live) await endSubscription(sub);
      await pushNow(user.id);
      return subscriptionView((await store.subscription(live[0]!.id))!);
    },

    /**
     * user.changed: a move to free (PATCH /api/auth/plan) ends the subscriptions the user had
     * then, so nobody keeps paying for a plan they left.
     */
    async onUserChanged(data: UserChangedData): Promise<void> {
      if (data.plan !== 'free' || !data.changed.includes('plan')) return;
      const at = new Date(data.updatedAt).getTime();
      const live = (await store.liveSubscriptions(data.userId)).filter(
        (s) => s.createdAt.getTime() <= at,
      );
      if (live.length === 0) return;
      for (const sub of live) await endSubscription(sub);
    },

    /**
     * user.deleted: each live subscription ends at its provider first (an outage throws, and the
     * event comes again: the cancel is never skipped), then the account's rows are anonymised or
     * deleted in one transaction (eraseUser). No plan push follows: the account is gone.
     */
    async onUserDeleted(data: UserDeletedData): Promise<ErasedCounts> {
      for (const sub of await store.liveSubscriptions(data.userId)) {
        // A subscription of another provider (local rows under Stripe) has nothing to end remotely.
        if (sub.provider === provider.name) await provider.cancelSubscription(sub.id);
      }
      const erased = await deps.db.transaction(async (handle) =>
        eraseUser(handle as unknown as Database, data.userId, data.email),
      );
      deps.wakeRelay?.();
      return erased;
    },
  };
}

export type Billing = ReturnType<typeof createBilling>;
