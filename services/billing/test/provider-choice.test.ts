import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES } from '@oneeta/contracts';
import { loadConfig } from '@oneeta/service-kit';
import { startBilling, type BillingHarness } from '../test-support/index.js';
import { configSchema } from '../src/config.js';
import { createProvider, providerChoice, providerNotice } from '../src/providers/index.js';

const STRIPE = {
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  STRIPE_PRICE_STANDARD: 'price_s',
  STRIPE_PRICE_PREMIUM: 'price_p',
};

describe('who sells plans', () => {
  it('is the local test-mode checkout only when chosen by name, Stripe when configured, else nobody', () => {
    expect(providerChoice({ BILLING_PROVIDER: 'local' })).toBe('local');
    expect(providerChoice({ BILLING_PROVIDER: 'local', ...STRIPE })).toBe('local');
    expect(providerChoice({ ...STRIPE })).toBe('stripe');
    expect(providerChoice({ BILLING_PROVIDER: 'stripe', ...STRIPE })).toBe('stripe');
    expect(providerChoice({})).toBe('none');
    expect(providerChoice({ STRIPE_SECRET_KEY: 'sk_test_x' })).toBe('none');
  });

  it('refuses BILLING_PROVIDER=stripe without its keys, and an unknown provider', () => {
    expect(() => loadConfig(configSchema, { BILLING_PROVIDER: 'stripe' })).toThrow(
      /STRIPE_SECRET_KEY/,
    );
    expect(() => loadConfig(configSchema, { BILLING_PROVIDER: 'free-for-all' })).toThrow(
      /BILLING_PROVIDER/,
    );
    expect(loadConfig(configSchema, { BILLING_PROVIDER: 'local' }).BILLING_PROVIDER).toBe('local');
  });

  it('says at start when nothing can be bought, and when the local checkout runs in production', () => {
    expect(providerNotice('none', 'production')).toMatchObject({
      level: 'warn',
      message: expect.stringMatching(/plans cannot be bought/),
    });
    expect(providerNotice('none', 'development').level).toBe('warn');
    expect(providerNotice('local', 'production')).toMatchObject({
      level: 'warn',
      message: expect.stringMatching(/production/),
    });
    expect(providerNotice('local', 'development').level).toBe('info');
    expect(providerNotice('stripe', 'production').level).toBe('info');
  });
});

describe('a production process without Stripe', () => {
  let h: BillingHarness;
  beforeAll(async () => {
    h = await startBilling({
      env: { NODE_ENV: 'production' },
      provider: (config) => createProvider(config),
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('sells nothing: checkout answers 503 with a sentence, the plan stays free', async () => {
    expect(h.billing.providerName).toBe('none');
    const { token, user } = await h.signUp();
    for (const plan of ['standard', 'premium']) {
      const res = await h.call('POST', '/api/billing/create-checkout-session', token, { plan });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toEqual({
        error: BILLING_MESSAGES.notConfigured,
        code: 'billing_not_configured',
      });
    }
    expect(await h.store.customerOf(user.id)).toBeNull();
    expect(await h.planOf(user.id)).toBe('free');
  });

  it('never pays a local checkout left from before, and believes no webhook', async () => {
    const { token, user } = await h.signUp();
    await h.store.insertCheckout({
      id: 'cs_local_left_over',
      provider: 'local',
      userId: user.id,
      plan: 'premium',
      amountMinor: 1000,
      currency: 'usd',
      expiresAt: new Date(Date.now() + 3600_000),
    });
    expect(
      (await h.call('GET', '/api/billing/checkout/cs_local_left_over', token)).statusCode,
    ).toBe(404);
    expect(
      (await h.call('POST', '/api/billing/checkout/cs_local_left_over/pay', token)).statusCode,
    ).toBe(404);
    const hook = await h.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      payload: JSON.stringify({ id: 'evt_x', type: 'checkout.session.completed' }),
    });
    expect(hook.statusCode).toBe(400);
    expect(await h.planOf(user.id)).toBe('free');
  });
});
