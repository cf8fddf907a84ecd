import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeProvider } from '../src/providers/stripe.js';
import { ProviderError } from '../src/providers/port.js';
import {
  FAKE_PRICES,
  FAKE_SECRET_KEY,
  FAKE_WEBHOOK_SECRET,
  WEB_ORIGIN,
  type BillingHarness,
  type FakeStripe,
} from '../test-support/index.js';
import { checkoutFor, deliver, startStripeBilling } from './stripe-helpers.js';

/** The real `stripe` library, through the adapter, against the fake Stripe server's wire format. */
let h: BillingHarness;
let fake: FakeStripe;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ h, fake, close } = await startStripeBilling());
});
afterAll(async () => {
  await close();
});

const requestsTo = (path: string) =>
  fake.requests.filter((r) => r.method === 'POST' && r.path === path);

describe('the Stripe adapter', () => {
  it('opens Checkout in subscription mode for the plan’s price, naming the user, returning to /plans', async () => {
    const buyer = await checkoutFor(h, fake, 'premium');
    expect(buyer.url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    const request = requestsTo('/v1/checkout/sessions').at(-1)!;
    expect(request.params).toMatchObject({
      mode: 'subscription',
      line_items: [{ price: FAKE_PRICES.premium, quantity: '1' }],
      client_reference_id: buyer.user.id,
      metadata: { userId: buyer.user.id, plan: 'premium' },
      subscription_data: { metadata: { userId: buyer.user.id, plan: 'premium' } },
      success_url: `${WEB_ORIGIN}/plans?checkout=success`,
      cancel_url: `${WEB_ORIGIN}/plans?checkout=cancelled`,
    });
    expect((await h.store.checkout(buyer.sessionId))?.userId).toBe(buyer.user.id);
  });

  it('reuses the customer of a user: one customer for every checkout', async () => {
    const buyer = await checkoutFor(h, fake);
    const customers = requestsTo('/v1/customers').length;
    const again = await h.call('POST', '/api/billing/create-checkout-session', buyer.token, {
      plan: 'premium',
    });
    expect(again.statusCode).toBe(200);
    expect(requestsTo('/v1/customers')).toHaveLength(customers);
    const sessions = requestsTo('/v1/checkout/sessions').slice(-2);
    const customer = await h.store.customerOf(buyer.user.id);
    expect(customer).toMatch(/^cus_/);
    expect(sessions.map((s) => s.params.customer)).toEqual([customer, customer]);
    expect(fake.customers.get(customer!)).toMatchObject({
      email: buyer.user.email,
      metadata: { userId: buyer.user.id },
    });
  });

  it('sends an Idempotency-Key: a repeated customer creation answers the same customer', async () => {
    const provider = createStripeProvider({
      secretKey: FAKE_SECRET_KEY,
      webhookSecret: FAKE_WEBHOOK_SECRET,
      prices: FAKE_PRICES,
      apiBase: fake.url,
      maxNetworkRetries: 0,
    });
    const before = fake.customers.size;
    const user = { id: 'user-idem', email: 'idem@example.test' };
    const [a, b] = [await provider.createCustomer(user), await provider.createCustomer(user)];
    expect(a).toBe(b);
    expect(fake.customers.size).toBe(before + 1);
  });

  it('opens the customer portal of a paying user, returning to /plans', async () => {
    const buyer = await checkoutFor(h, fake);
    await deliver(h, fake, fake.completeCheckout(buyer.sessionId).completed);
    const res = await h.call('POST', '/api/billing/create-portal-session', buyer.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ url: string }>().url).toMatch(/^https:\/\/billing\.stripe\.test\//);
    expect(requestsTo('/v1/billing_portal/sessions').at(-1)?.params).toEqual({
      customer: await h.store.customerOf(buyer.user.id),
      return_url: `${WEB_ORIGIN}/plans`,
    });
  });

  it('cancels at Stripe when the user cancels, and when they downgrade to free', async () => {
    const buyer = await checkoutFor(h, fake);
    const { completed, subscriptionId } = fake.completeCheckout(buyer.sessionId);
    await deliver(h, fake, completed);
    expect(await h.planOf(buyer.user.id)).toBe('standard');
    expect((await h.downgradeToFree(buyer.token)).statusCode).toBe(200);
    await expect
      .poll(async () => (await h.store.subscription(subscriptionId))?.status, { timeout: 10_000 })
      .toBe('canceled');
    expect(fake.subscriptions.get(subscriptionId)?.status).toBe('canceled');
    expect(await h.planOf(buyer.user.id)).toBe('free');

    const other = await checkoutFor(h, fake, 'premium');
    const second = fake.completeCheckout(other.sessionId);
    await deliver(h, fake, second.completed);
    const cancelled = await h.call('POST', '/api/billing/subscription/cancel', other.token);
    expect(cancelled.json()).toMatchObject({
      subscription: { provider: 'stripe', plan: 'premium', status: 'canceled' },
    });
    expect(fake.subscriptions.get(second.subscriptionId)?.status).toBe('canceled');
    expect(await h.planOf(other.user.id)).toBe('free');
  });

  it("maps Stripe's errors: a refusal is a 400 with Stripe's message, an outage a 503, nothing stored", async () => {
    const provider = createStripeProvider({
      secretKey: FAKE_SECRET_KEY,
      webhookSecret: FAKE_WEBHOOK_SECRET,
      prices: FAKE_PRICES,
      apiBase: fake.url,
      maxNetworkRetries: 0,
    });
    const missing = await provider
      .createPortal('cus_nobody', `${WEB_ORIGIN}/plans`)
      .catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(ProviderError);
    expect(missing).toMatchObject({
      kind: 'invalid_request',
      code: 'resource_missing',
      message: "No such customer: 'cus_nobody'",
    });

    // Cancelling what Stripe no longer has is done, not an error.
    await expect(provider.cancelSubscription('sub_gone')).resolves.toBeUndefined();

    fake.failNext({
      status: 402,
      type: 'card_error',
      message: 'Your card was declined.',
      code: 'card_declined',
    });
    expect(await provider.cancelSubscription('sub_x').catch((e: unknown) => e)).toMatchObject({
      kind: 'card',
      code: 'card_declined',
    });

    const wrongKey = createStripeProvider({
      secretKey: 'sk_test_wrong',
      webhookSecret: FAKE_WEBHOOK_SECRET,
      prices: FAKE_PRICES,
      apiBase: fake.url,
      maxNetworkRetries: 0,
    });
    expect(
      await wrongKey.createCustomer({ id: 'u', email: 'u@example.test' }).catch((e: unknown) => e),
    ).toMatchObject({ kind: 'auth' });

    const { token, user } = await h.signUp();
    fake.failNext({
      status: 400,
      type: 'invalid_request_error',
      message: 'No such price',
      code: 'resource_missing',
      param: 'line_items[0][price]',
    });
    const refused = await h.call('POST', '/api/billing/create-checkout-session', token, {
      plan: 'standard',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: 'No such price', code: 'resource_missing' });

    fake.failNext({ status: 500, type: 'api_error', message: 'Something went wrong on Stripe' });
    const down = await h.call('POST', '/api/billing/create-checkout-session', token, {
      plan: 'standard',
    });
    expect(down.statusCode).toBe(503);
    expect(await h.store.customerOf(user.id)).toBeNull();
  });
});
