import { expect } from 'vitest';
import type Stripe from 'stripe';
import { createStripeProvider } from '../src/providers/stripe.js';
import {
  FAKE_PRICES,
  FAKE_SECRET_KEY,
  FAKE_WEBHOOK_SECRET,
  startBilling,
  startFakeStripe,
  type BillingHarness,
  type FakeStripe,
} from '../test-support/index.js';

/** Billing on the Stripe provider, pointed at the fake Stripe server. */
export async function startStripeBilling(): Promise<{
  h: BillingHarness;
  fake: FakeStripe;
  close(): Promise<void>;
}> {
  const fake = await startFakeStripe();
  const h = await startBilling({
    env: {
      STRIPE_SECRET_KEY: FAKE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
      STRIPE_PRICE_STANDARD: FAKE_PRICES.standard,
      STRIPE_PRICE_PREMIUM: FAKE_PRICES.premium,
      STRIPE_API_BASE: fake.url,
    },
    provider: () =>
      createStripeProvider({
        secretKey: FAKE_SECRET_KEY,
        webhookSecret: FAKE_WEBHOOK_SECRET,
        prices: FAKE_PRICES,
        apiBase: fake.url,
        maxNetworkRetries: 0,
      }),
  });
  return {
    h,
    fake,
    close: async () => {
      await h.close();
      await fake.close();
    },
  };
}

/** Delivers a Stripe event to POST /api/billing/webhook as Stripe does (signed raw JSON). */
export async function deliver(
  h: BillingHarness,
  fake: FakeStripe,
  event: Stripe.Event,
  secret?: string,
) {
  const { body, signature } = fake.sign(event, secret);
  return h.app.inject({
    method: 'POST',
    url: '/api/billing/webhook',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    payload: body,
  });
}

/** A signed-up user who opened a Stripe checkout for `plan`: the session id in the fake. */
export async function checkoutFor(
  h: BillingHarness,
  fake: FakeStripe,
  plan: 'standard' | 'premium' = 'standard',
) {
  const account = await h.signUp();
  const res = await h.call('POST', '/api/billing/create-checkout-session', account.token, { plan });
  expect(res.statusCode, res.body).toBe(200);
  const url = res.json<{ url: string }>().url;
  const session = [...fake.sessions.values()].find((s) => s.url === url)!;
  return { ...account, sessionId: session.id as string, url };
}

/** The same event with `created` moved (seconds). */
export const at = (event: Stripe.Event, created: number): Stripe.Event =>
  ({ ...event, created }) as Stripe.Event;
