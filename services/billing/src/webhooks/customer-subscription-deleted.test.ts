import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWebhookDb, subscriptionFacts, type WebhookDb } from '../../test-support/webhook-db.js';

let w: WebhookDb;
beforeAll(async () => {
  w = await openWebhookDb();
});
afterAll(async () => {
  await w.close();
});

describe('customer.subscription.deleted', () => {
  it('ends the subscription for good: the plan is free, and no later update revives it', async () => {
    const sub = subscriptionFacts({ userId: 'user-d', plan: 'premium' });
    await w.apply({
      id: w.eventId(),
      created: 100,
      type: 'customer.subscription.created',
      subscription: sub,
    });
    // Stripe reports the deleted subscription with its last status; the handler ends it whatever it says.
    await w.apply({
      id: w.eventId(),
      created: 200,
      type: 'customer.subscription.deleted',
      subscription: { ...sub, status: 'active' },
    });
    expect((await w.store.subscription(sub.id))?.status).toBe('canceled');
    expect(await w.store.planFromSubscriptions('user-d')).toBe('free');
    expect((await w.usage('user-d')).at(-1)).toMatchObject({
      kind: 'plan_change',
      plan: 'free',
      previousPlan: 'premium',
    });

    await w.apply({
      id: w.eventId(),
      created: 300,
      type: 'customer.subscription.updated',
      subscription: sub,
    });
    expect((await w.store.subscription(sub.id))?.status).toBe('canceled');
  });

  it('leaves the plan of another live subscription in place', async () => {
    const older = subscriptionFacts({ userId: 'user-e', plan: 'standard' });
    const newer = subscriptionFacts({ userId: 'user-e', plan: 'premium' });
    await w.apply({
      id: w.eventId(),
      created: 100,
      type: 'customer.subscription.created',
      subscription: older,
    });
    await w.apply({
      id: w.eventId(),
      created: 110,
      type: 'customer.subscription.created',
      subscription: newer,
    });
    await w.apply({
      id: w.eventId(),
      created: 120,
      type: 'customer.subscription.deleted',
      subscription: older,
    });
    expect(await w.store.planFromSubscriptions('user-e')).toBe('premium');
  });
});
