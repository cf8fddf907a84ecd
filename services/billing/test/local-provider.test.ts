import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BILLING_MESSAGES, localCheckoutSchema, MESSAGES } from '@oneeta/contracts';
import { startBilling, WEB_ORIGIN, type BillingHarness } from '../test-support/index.js';
import { checkouts } from '../src/store/schema.js';

let h: BillingHarness;
beforeAll(async () => {
  h = await startBilling();
});
afterAll(async () => {
  await h.close();
});

const checkoutIdOf = (url: string) => url.split('/billing/checkout/')[1]!;

async function openCheckout(token: string, plan = 'standard') {
  const res = await h.call('POST', '/api/billing/create-checkout-session', token, { plan });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ url: string }>().url;
}

describe('the local test-mode checkout', () => {
  it('opens a checkout page on the web origin for Standard, shown only to its opener', async () => {
    const { token } = await h.signUp();
    const url = await openCheckout(token);
    expect(url).toMatch(new RegExp(`^${WEB_ORIGIN}/billing/checkout/cs_local_\\w+$`));
    const res = await h.call('GET', `/api/billing/checkout/${checkoutIdOf(url)}`, token);
    expect(res.statusCode).toBe(200);
    const view = localCheckoutSchema.parse(res.json());
    expect(view).toMatchObject({
      plan: 'standard',
      planName: 'Standard',
      priceLabel: '$5/month',
      amountMinor: 500,
      currency: 'USD',
      status: 'open',
    });

    const other = await h.signUp();
    const foreign = await h.call('GET', `/api/billing/checkout/${checkoutIdOf(url)}`, other.token);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ error: BILLING_MESSAGES.checkoutNotFound });
    expect(
      (await h.call('POST', `/api/billing/checkout/${checkoutIdOf(url)}/pay`, other.token))
        .statusCode,
    ).toBe(404);
    expect((await h.call('GET', '/api/billing/checkout/cs_local_nope', token)).statusCode).toBe(
      404,
    );
  });

  it('refuses free, enterprise and the current plan with a clear error, and anything else as a bad body', async () => {
    const { token } = await h.signUp();
    for (const plan of ['free', 'enterprise']) {
      const res = await h.call('POST', '/api/billing/create-checkout-session', token, { plan });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: BILLING_MESSAGES.notSelfServe });
    }
    expect(
      (await h.call('POST', '/api/billing/create-checkout-session', token, { plan: 'gold' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await h.call('POST', '/api/billing/create-checkout-session', token, {})).statusCode,
    ).toBe(400);
    expect(
      await h.store.customerOf(
        (
          await h.auth.app.inject({
            method: 'GET',
            url: '/api/auth/me',
            headers: { authorization: `Bearer ${token}` },
          })
        ).json<{ user: { id: string } }>().user.id,
      ),
    ).toBeNull();
  });

  it('pays: the plan reaches auth at once, the subscription shows, the ledger gets the payment and the plan change', async () => {
    const { token, user } = await h.signUp();
    const id = checkoutIdOf(await openCheckout(token));
    const paid = await h.call('POST', `/api/billing/checkout/${id}/pay`, token);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toEqual({ url: `${WEB_ORIGIN}/plans?checkout=success` });
    expect(await h.planOf(user.id)).toBe('standard');
    expect((await h.call('GET', `/api/billing/checkout/${id}`, token)).json()).toMatchObject({
      status: 'paid',
    });

    const sub = await h.call('GET', '/api/billing/subscription', token);
    expect(sub.json()).toMatchObject({
      subscription: {
        provider: 'local',
        plan: 'standard',
        status: 'active',
        cancelAtPeriodEnd: false,
      },
    });
    expect(
      Date.parse(
        sub.json<{ subscription: { currentPeriodEnd: string } }>().subscription.currentPeriodEnd,
      ),
    ).toBeGreaterThan(Date.now() + 20 * 86_400_000);
    expect(await h.usage(user.id)).toEqual([
      expect.objectContaining({
        kind: 'plan_change',
        plan: 'standard',
        previousPlan: 'free',
        amountMinor: null,
      }),
      expect.objectContaining({
        kind: 'payment',
        amountMinor: 500,
        currency: 'usd',
        plan: 'standard',
      }),
    ]);

    const again = await h.call('POST', `/api/billing/checkout/${id}/pay`, token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: BILLING_MESSAGES.checkoutClosed });
    expect(
      (
        await h.call('POST', '/api/billing/create-checkout-session', token, { plan: 'standard' })
      ).json(),
    ).toMatchObject({ error: BILLING_MESSAGES.alreadyOnPlan });
    expect(await h.usage(user.id)).toHaveLength(2);
  });

  it('upgrading from Standard to Premium replaces the Standard subscription', async () => {
    const { token, user } = await h.signUp();
    await h.call(
      'POST',
      `/api/billing/checkout/${checkoutIdOf(await openCheckout(token))}/pay`,
      token,
    );
    const standard = (await h.store.liveSubscriptions(user.id))[0]!;
    const res = await h.call(
      'POST',
      `/api/billing/checkout/${checkoutIdOf(await openCheckout(token, 'premium'))}/pay`,
      token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await h.planOf(user.id)).toBe('premium');
    const live = await h.store.liveSubscriptions(user.id);
    expect(live.map((s) => s.plan)).toEqual(['premium']);
    expect((await h.store.subscription(standard.id))?.status).toBe('canceled');
  });

  it('cancels a checkout (then it can be neither paid nor cancelled), and expires an old one', async () => {
    const { token, user } = await h.signUp();
    const id = checkoutIdOf(await openCheckout(token));
    const cancelled = await h.call('POST', `/api/billing/checkout/${id}/cancel`, token);
    expect(cancelled.json()).toEqual({ url: `${WEB_ORIGIN}/plans?checkout=cancelled` });
    for (const action of ['pay', 'cancel']) {
      const res = await h.call('POST', `/api/billing/checkout/${id}/${action}`, token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: BILLING_MESSAGES.checkoutClosed });
    }

    const old = checkoutIdOf(await openCheckout(token));
    await h.database.db
      .update(checkouts)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(checkouts.id, old));
    expect((await h.call('GET', `/api/billing/checkout/${old}`, token)).json()).toMatchObject({
      status: 'expired',
    });
    expect((await h.call('POST', `/api/billing/checkout/${old}/pay`, token)).statusCode).toBe(400);
    expect(await h.planOf(user.id)).toBe('free');
  });

  it('opens the local portal for paid plans only, and cancelling there ends the subscription and returns the plan to free', async () => {
    const { token, user } = await h.signUp();
    const refused = await h.call('POST', '/api/billing/create-portal-session', token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: BILLING_MESSAGES.noSubscription });
    expect((await h.call('POST', '/api/billing/subscription/cancel', token)).statusCode).toBe(400);

    await h.call(
      'POST',
      `/api/billing/checkout/${checkoutIdOf(await openCheckout(token, 'premium'))}/pay`,
      token,
    );
    const portal = await h.call('POST', '/api/billing/create-portal-session', token);
    expect(portal.json()).toEqual({ url: `${WEB_ORIGIN}/billing/portal` });

    const cancelled = await h.call('POST', '/api/billing/subscription/cancel', token);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({
      subscription: { plan: 'premium', status: 'canceled' },
    });
    expect(await h.planOf(user.id)).toBe('free');
    expect((await h.call('GET', '/api/billing/subscription', token)).json()).toEqual({
      subscription: null,
    });
    expect((await h.usage(user.id)).at(-1)).toMatchObject({
      kind: 'plan_change',
      plan: 'free',
      previousPlan: 'premium',
    });
  });

  it('a downgrade to free through PATCH /api/auth/plan ends the paid subscription', async () => {
    const { token, user } = await h.signUp();
    await h.call(
      'POST',
      `/api/billing/checkout/${checkoutIdOf(await openCheckout(token))}/pay`,
      token,
    );
    expect(await h.planOf(user.id)).toBe('standard');
    expect((await h.downgradeToFree(token)).statusCode).toBe(200);
    await expect
      .poll(async () => (await h.store.liveSubscriptions(user.id)).length, { timeout: 10_000 })
      .toBe(0);
    expect(await h.planOf(user.id)).toBe('free');
    expect((await h.call('GET', '/api/billing/subscription', token)).json()).toEqual({
      subscription: null,
    });
  });
});

describe('authorization', () => {
  it('refuses every billing call to an anonymous caller (401) and to a bad token', async () => {
    const calls: ['GET' | 'POST', string][] = [
      ['POST', '/api/billing/create-checkout-session'],
      ['POST', '/api/billing/create-portal-session'],
      ['GET', '/api/billing/checkout/cs_local_x'],
      ['POST', '/api/billing/checkout/cs_local_x/pay'],
      ['POST', '/api/billing/checkout/cs_local_x/cancel'],
      ['GET', '/api/billing/subscription'],
      ['POST', '/api/billing/subscription/cancel'],
    ];
    for (const [method, url] of calls) {
      const body = method === 'POST' ? { plan: 'standard' } : undefined;
      const anonymous = await h.call(method, url, null, body);
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.json()).toMatchObject({ error: MESSAGES.notAuthenticated });
      expect((await h.call(method, url, 'not-a-token', body)).statusCode, url).toBe(401);
    }
  });
});

describe('hostile webhook signatures', () => {
  it('answers 400 {error} and changes nothing for signatures of the right length in any alphabet', async () => {
    const { user } = await h.signUp();
    const body = JSON.stringify({
      id: 'evt_hostile',
      type: 'plan.changed',
      userId: user.id,
      plan: 'premium',
    });
    const now = Math.floor(Date.now() / 1000);
    const hex = 'a'.repeat(64);
    const signatures = [
      `t=${now},v1=${'é'.repeat(64)}`,
      `t=${now},v1=${hex.slice(0, 63)}é`,
      `t=${now},v1=${'ÿ'.repeat(32)}`,
      `t=${now},v1=${hex},v1=${'é'.repeat(64)}`,
      `t=${now},v1=`,
      `t=${now}`,
      'é',
      '',
    ];
    for (const signature of signatures) {
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/billing/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload: body,
      });
      expect(res.statusCode, signature).toBe(400);
      expect(res.json(), signature).toMatchObject({ error: expect.any(String) });
    }
    expect(await h.planOf(user.id)).toBe('free');
  });
});
