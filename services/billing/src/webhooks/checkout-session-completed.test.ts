import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkouts } from '../store/schema.js';
import { openWebhookDb, type WebhookDb } from '../../test-support/webhook-db.js';

let w: WebhookDb;
beforeAll(async () => {
  w = await openWebhookDb();
});
afterAll(async () => {
  await w.close();
});

const completed = (w: WebhookDb, checkoutId: string, overrides: Record<string, unknown> = {}) => ({
  id: w.eventId(),
  created: 1_000,
  type: 'checkout.session.completed' as const,
  checkout: {
    checkoutId,
    userId: 'user-cs',
    plan: 'premium' as const,
    customerId: 'cus_cs',
    subscriptionId: `sub_${checkoutId}`,
    paid: true,
    amountMinor: 1200,
    currency: 'usd',
    currentPeriodEnd: null,
    ...overrides,
  },
});

describe('checkout.session.completed', () => {
  it('pays an open checkout once, keeps the customer, starts the subscription and records the payment', async () => {
    await w.db.insert(checkouts).values({
      id: 'cs_1',
      provider: 'stripe',
      userId: 'user-cs',
      plan: 'premium',
      amountMinor: 1200,
      currency: 'usd',
      expiresAt: new Date(Date.now() + 60_000),
    });
    expect(await w.apply(completed(w, 'cs_1'))).toEqual({ applied: true, userIds: ['user-cs'] });
    expect((await w.store.checkout('cs_1'))?.status).toBe('paid');
    expect(await w.store.customerOf('user-cs')).toBe('cus_cs');
    expect(await w.store.subscription('sub_cs_1')).toMatchObject({
      userId: 'user-cs',
      plan: 'premium',
      status: 'active',
      eventCreated: 1_000,
    });
    expect(await w.usage('user-cs')).toEqual([
      expect.objectContaining({ kind: 'plan_change', plan: 'premium', previousPlan: 'free' }),
      expect.objectContaining({
        kind: 'payment',
        amountMinor: 1200,
        currency: 'usd',
        plan: 'premium',
      }),
    ]);
    // Another event for the same checkout (a second Pay) finds it paid: no second subscription.
    expect(await w.apply(completed(w, 'cs_1', { subscriptionId: 'sub_other' }))).toEqual({
      applied: true,
      userIds: [],
    });
    expect(await w.store.subscription('sub_other')).toBeNull();
  });

  it('starts nothing for an unpaid checkout or one naming no user', async () => {
    await w.apply(completed(w, 'cs_unpaid', { paid: false, userId: 'user-unpaid' }));
    expect(await w.store.liveSubscriptions('user-unpaid')).toEqual([]);
    expect(await w.apply(completed(w, 'cs_nobody', { userId: null }))).toEqual({
      applied: true,
      userIds: [],
    });
  });
});
