import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWebhookDb, subscriptionFacts, type WebhookDb } from '../../test-support/webhook-db.js';

let w: WebhookDb;
beforeAll(async () => {
  w = await openWebhookDb();
});
afterAll(async () => {
  await w.close();
});

const paid = (
  w: WebhookDb,
  subscriptionId: string,
  created: number,
  firstOfSubscription: boolean,
) => ({
  id: w.eventId(),
  created,
  type: 'invoice.paid' as const,
  invoice: {
    subscriptionId,
    customerId: 'cus_p',
    amountMinor: 1200,
    currency: 'usd',
    firstOfSubscription,
  },
});

describe('invoice.paid', () => {
  it('records renewals (not the first invoice, counted with the checkout) and reactivates a past-due subscription', async () => {
    const sub = subscriptionFacts({ userId: 'user-p', plan: 'premium', customerId: 'cus_p' });
    await w.apply({
      id: w.eventId(),
      created: 100,
      type: 'customer.subscription.created',
      subscription: sub,
    });
    await w.apply(paid(w, sub.id, 101, true));
    expect((await w.usage('user-p')).filter((u) => u.kind === 'payment')).toEqual([]);

    await w.apply({
      id: w.eventId(),
      created: 200,
      type: 'invoice.payment_failed',
      invoice: {
        subscriptionId: sub.id,
        customerId: 'cus_p',
        amountMinor: 1200,
        currency: 'usd',
        firstOfSubscription: false,
      },
    });
    expect((await w.store.subscription(sub.id))?.status).toBe('past_due');
    expect((await w.apply(paid(w, sub.id, 300, false))).userIds).toEqual(['user-p']);
    expect((await w.store.subscription(sub.id))?.status).toBe('active');
    expect((await w.usage('user-p')).filter((u) => u.kind === 'payment')).toEqual([
      expect.objectContaining({ amountMinor: 1200, currency: 'usd', plan: 'premium' }),
    ]);
  });
});
