import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWebhookDb, subscriptionFacts, type WebhookDb } from '../../test-support/webhook-db.js';

let w: WebhookDb;
beforeAll(async () => {
  w = await openWebhookDb();
});
afterAll(async () => {
  await w.close();
});

describe('customer.subscription.created', () => {
  it('stores the subscription for the user its metadata names, and records the plan change', async () => {
    const sub = subscriptionFacts({ userId: 'user-a', plan: 'premium' });
    expect(
      await w.apply({
        id: w.eventId(),
        created: 10,
        type: 'customer.subscription.created',
        subscription: sub,
      }),
    ).toEqual({ applied: true, userIds: ['user-a'] });
    expect(await w.store.subscription(sub.id)).toMatchObject({
      userId: 'user-a',
      plan: 'premium',
      status: 'active',
    });
    expect(await w.usage('user-a')).toEqual([
      expect.objectContaining({ kind: 'plan_change', plan: 'premium', previousPlan: 'free' }),
    ]);
  });

  it('finds the user through a stored customer, and ignores a subscription no one can be found for', async () => {
    await w.store.saveCustomer('user-b', 'stripe', 'cus_b');
    const sub = subscriptionFacts({ userId: null, customerId: 'cus_b' });
    expect(
      (
        await w.apply({
          id: w.eventId(),
          created: 10,
          type: 'customer.subscription.created',
          subscription: sub,
        })
      ).userIds,
    ).toEqual(['user-b']);
    const orphan = subscriptionFacts({ userId: null, customerId: 'cus_unknown' });
    expect(
      (
        await w.apply({
          id: w.eventId(),
          created: 10,
          type: 'customer.subscription.created',
          subscription: orphan,
        })
      ).userIds,
    ).toEqual([]);
    expect(await w.store.subscription(orphan.id)).toBeNull();
  });

  it('keeps an incomplete subscription (first payment pending) from giving a plan', async () => {
    const sub = subscriptionFacts({ userId: 'user-c', status: 'incomplete' });
    await w.apply({
      id: w.eventId(),
      created: 10,
      type: 'customer.subscription.created',
      subscription: sub,
    });
    expect(await w.store.planFromSubscriptions('user-c')).toBe('free');
    expect(await w.usage('user-c')).toEqual([]);
  });
});
