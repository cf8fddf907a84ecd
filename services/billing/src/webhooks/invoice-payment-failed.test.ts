import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWebhookDb, subscriptionFacts, type WebhookDb } from '../../test-support/webhook-db.js';

let w: WebhookDb;
beforeAll(async () => {
  w = await openWebhookDb();
});
afterAll(async () => {
  await w.close();
});

const failed = (w: WebhookDb, subscriptionId: string | null, created: number) => ({
  id: w.eventId(),
  created,
  type: 'invoice.payment_failed' as const,
  invoice: {
    subscriptionId,
    customerId: 'cus_1',
    amountMinor: 500,
    currency: 'usd',
    firstOfSubscription: false,
  },
});

describe('invoice.payment_failed', () => {
  it('makes the subscription past due and keeps its plan', async () => {
    const sub = subscriptionFacts({ userId: 'user-f' });
    await w.apply({
      id: w.eventId(),
      created: 100,
      type: 'customer.subscription.created',
      subscription: sub,
    });
    expect((await w.apply(failed(w, sub.id, 200))).userIds).toEqual(['user-f']);
    expect((await w.store.subscription(sub.id))?.status).toBe('past_due');
    expect(await w.store.planFromSubscriptions('user-f')).toBe('standard');
    expect((await w.usage('user-f')).map((u) => u.kind)).toEqual(['plan_change']);
  });

  it('ignores an invoice of a subscription it does not know, or of none', async () => {
    expect((await w.apply(failed(w, 'sub_unknown', 200))).userIds).toEqual([]);
    expect((await w.apply(failed(w, null, 200))).userIds).toEqual([]);
  });
});
