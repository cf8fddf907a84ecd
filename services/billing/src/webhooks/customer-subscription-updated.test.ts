import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWebhookDb, subscriptionFacts, type WebhookDb } from '../../test-support/webhook-db.js';

let w: WebhookDb;
beforeAll(async () => {
  w = await openWebhookDb();
});
afterAll(async () => {
  await w.close();
});

describe('customer.subscription.updated', () => {
  it('applies a newer state (plan, status, cancel at period end) and ignores an older one', async () => {
    const sub = subscriptionFacts({ userId: 'user-u' });
    await w.apply({
      id: w.eventId(),
      created: 100,
      type: 'customer.subscription.created',
      subscription: sub,
    });
    await w.apply({
      id: w.eventId(),
      created: 200,
      type: 'customer.subscription.updated',
      subscription: { ...sub, plan: 'premium', cancelAtPeriodEnd: true },
    });
    expect(await w.store.subscription(sub.id)).toMatchObject({
      plan: 'premium',
      cancelAtPeriodEnd: 1,
      eventCreated: 200,
    });
    expect(await w.store.planFromSubscriptions('user-u')).toBe('premium');

    await w.apply({
      id: w.eventId(),
      created: 150,
      type: 'customer.subscription.updated',
      subscription: { ...sub, plan: 'standard' },
    });
    expect(await w.store.subscription(sub.id)).toMatchObject({
      plan: 'premium',
      eventCreated: 200,
    });
    expect((await w.usage('user-u')).map((u) => [u.previousPlan, u.plan])).toEqual([
      ['free', 'standard'],
      ['standard', 'premium'],
    ]);
  });

  it('takes the plan from what is stored when the price is not one of ours', async () => {
    const sub = subscriptionFacts({ userId: 'user-v', plan: 'premium' });
    await w.apply({
      id: w.eventId(),
      created: 100,
      type: 'customer.subscription.created',
      subscription: sub,
    });
    await w.apply({
      id: w.eventId(),
      created: 101,
      type: 'customer.subscription.updated',
      subscription: { ...sub, plan: null, status: 'past_due' },
    });
    expect(await w.store.subscription(sub.id)).toMatchObject({
      plan: 'premium',
      status: 'past_due',
    });
  });
});
