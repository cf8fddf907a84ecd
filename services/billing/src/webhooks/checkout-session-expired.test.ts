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

const expired = (w: WebhookDb, checkoutId: string) => ({
  id: w.eventId(),
  created: 1_000,
  type: 'checkout.session.expired' as const,
  checkout: { checkoutId },
});

describe('checkout.session.expired', () => {
  it('marks an open checkout expired and changes no plan or ledger', async () => {
    await w.db.insert(checkouts).values({
      id: 'cs_exp',
      provider: 'stripe',
      userId: 'user-exp',
      plan: 'standard',
      amountMinor: 500,
      currency: 'usd',
      expiresAt: new Date(Date.now() + 60_000),
    });
    expect(await w.apply(expired(w, 'cs_exp'))).toEqual({ applied: true, userIds: [] });
    expect((await w.store.checkout('cs_exp'))?.status).toBe('expired');
    expect(await w.store.liveSubscriptions('user-exp')).toEqual([]);
    expect(await w.usage('user-exp')).toEqual([]);
  });

  it('leaves a paid checkout paid, and a checkout it does not know alone', async () => {
    await w.db.insert(checkouts).values({
      id: 'cs_paid',
      provider: 'stripe',
      userId: 'user-paid',
      plan: 'premium',
      amountMinor: 1200,
      currency: 'usd',
      expiresAt: new Date(Date.now() + 60_000),
      status: 'paid',
    });
    expect(await w.apply(expired(w, 'cs_paid'))).toEqual({ applied: true, userIds: [] });
    expect((await w.store.checkout('cs_paid'))?.status).toBe('paid');
    expect(await w.apply(expired(w, 'cs_unknown'))).toEqual({ applied: true, userIds: [] });
    expect(await w.store.checkout('cs_unknown')).toBeNull();
  });
});
