import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_PRICES, type BillingHarness, type FakeStripe } from '../test-support/index.js';
import { at, checkoutFor, deliver, startStripeBilling } from './stripe-helpers.js';

/** One test per webhook handler (src/webhooks/*.ts), each with Stripe's own event as the fake builds it. */
let h: BillingHarness;
let fake: FakeStripe;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ h, fake, close } = await startStripeBilling());
});
afterAll(async () => {
  await close();
});

/** A user whose Stripe checkout for `plan` was paid and delivered. */
async function subscribed(plan: 'standard' | 'premium' = 'standard') {
  const buyer = await checkoutFor(h, fake, plan);
  const events = fake.completeCheckout(buyer.sessionId);
  expect((await deliver(h, fake, events.completed)).statusCode).toBe(200);
  return { ...buyer, ...events };
}

describe('checkout.session.completed', () => {
  it('starts the subscription: the plan reaches auth, the customer is kept, the payment and plan change go to the ledger', async () => {
    const buyer = await checkoutFor(h, fake, 'premium');
    const events = fake.completeCheckout(buyer.sessionId);
    const res = await deliver(h, fake, events.completed);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect(await h.planOf(buyer.user.id)).toBe('premium');
    const sub = await h.store.subscription(events.subscriptionId);
    expect(sub).toMatchObject({
      userId: buyer.user.id,
      plan: 'premium',
      status: 'active',
      provider: 'stripe',
    });
    expect(await h.store.customerOf(buyer.user.id)).toBe(
      fake.sessions.get(buyer.sessionId)!.customer,
    );
    expect(await h.usage(buyer.user.id)).toEqual([
      expect.objectContaining({ kind: 'plan_change', plan: 'premium', previousPlan: 'free' }),
      expect.objectContaining({
        kind: 'payment',
        amountMinor: 1200,
        currency: 'usd',
        plan: 'premium',
      }),
    ]);
  });
});

describe('checkout.session.expired', () => {
  it('marks the stored checkout expired and leaves the plan as it was', async () => {
    const buyer = await checkoutFor(h, fake, 'premium');
    const session = { ...fake.sessions.get(buyer.sessionId)!, status: 'expired' };
    const res = await deliver(h, fake, fake.event('checkout.session.expired', session));
    expect(res.statusCode, res.body).toBe(200);
    expect((await h.store.checkout(buyer.sessionId))?.status).toBe('expired');
    expect(await h.planOf(buyer.user.id)).toBe('free');
    expect(await h.usage(buyer.user.id)).toEqual([]);
  });
});

describe('customer.subscription.created', () => {
  it('starts the plan from the subscription alone (its metadata names the user), even before the checkout event', async () => {
    const buyer = await checkoutFor(h, fake);
    const events = fake.completeCheckout(buyer.sessionId);
    expect((await deliver(h, fake, events.created)).statusCode).toBe(200);
    expect(await h.planOf(buyer.user.id)).toBe('standard');
    expect(
      (await h.store.subscription(events.subscriptionId))?.currentPeriodEnd?.getTime(),
    ).toBeGreaterThan(Date.now());
    // The checkout event then adds the payment, and nothing else.
    expect((await deliver(h, fake, events.completed)).statusCode).toBe(200);
    expect((await h.usage(buyer.user.id)).map((u) => u.kind)).toEqual(['plan_change', 'payment']);
  });
});

describe('customer.subscription.updated', () => {
  it('follows a price change (Standard to Premium in the portal) and a cancellation at the period end', async () => {
    const buyer = await subscribed('standard');
    const sub = fake.subscriptions.get(buyer.subscriptionId)!;
    (sub.items as { data: { price: { id: string } }[] }).data[0]!.price.id = FAKE_PRICES.premium;
    sub.cancel_at_period_end = true;
    const updated = at(
      fake.event('customer.subscription.updated', sub),
      buyer.completed.created + 5,
    );
    expect((await deliver(h, fake, updated)).statusCode).toBe(200);
    expect(await h.planOf(buyer.user.id)).toBe('premium');
    expect((await h.call('GET', '/api/billing/subscription', buyer.token)).json()).toMatchObject({
      subscription: {
        provider: 'stripe',
        plan: 'premium',
        status: 'active',
        cancelAtPeriodEnd: true,
      },
    });
  });
});

describe('customer.subscription.deleted', () => {
  it('returns the user to free', async () => {
    const buyer = await subscribed('standard');
    const deleted = at(fake.endSubscription(buyer.subscriptionId), buyer.completed.created + 5);
    expect((await deliver(h, fake, deleted)).statusCode).toBe(200);
    expect(await h.planOf(buyer.user.id)).toBe('free');
    expect((await h.store.subscription(buyer.subscriptionId))?.status).toBe('canceled');
    expect((await h.usage(buyer.user.id)).at(-1)).toMatchObject({
      kind: 'plan_change',
      plan: 'free',
      previousPlan: 'standard',
    });
  });
});

describe('invoice.payment_failed', () => {
  it('keeps the plan through the retry period (past due)', async () => {
    const buyer = await subscribed('premium');
    const { failed } = fake.failPayment(buyer.subscriptionId);
    expect((await deliver(h, fake, at(failed, buyer.completed.created + 5))).statusCode).toBe(200);
    expect((await h.store.subscription(buyer.subscriptionId))?.status).toBe('past_due');
    expect(await h.planOf(buyer.user.id)).toBe('premium');
    expect((await h.call('GET', '/api/billing/subscription', buyer.token)).json()).toMatchObject({
      subscription: { status: 'past_due', plan: 'premium' },
    });
  });
});

describe('invoice.paid', () => {
  it("records a renewal's payment and makes a past-due subscription active again; the first invoice is not counted twice", async () => {
    const buyer = await subscribed('standard');
    expect((await deliver(h, fake, buyer.paid)).statusCode).toBe(200);
    expect((await h.usage(buyer.user.id)).filter((u) => u.kind === 'payment')).toHaveLength(1);

    const { failed } = fake.failPayment(buyer.subscriptionId);
    await deliver(h, fake, at(failed, buyer.completed.created + 5));
    const { paid } = fake.payRenewal(buyer.subscriptionId);
    expect((await deliver(h, fake, at(paid, buyer.completed.created + 10))).statusCode).toBe(200);
    expect((await h.store.subscription(buyer.subscriptionId))?.status).toBe('active');
    expect((await h.usage(buyer.user.id)).filter((u) => u.kind === 'payment')).toEqual([
      expect.objectContaining({ amountMinor: 500 }),
      expect.objectContaining({ amountMinor: 500, plan: 'standard' }),
    ]);
    expect(await h.planOf(buyer.user.id)).toBe('standard');
  });
});
