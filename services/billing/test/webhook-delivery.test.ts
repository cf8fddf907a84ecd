import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES } from '@oneeta/contracts';
import { processedEvents } from '../src/store/schema.js';
import { type BillingHarness, type FakeStripe } from '../test-support/index.js';
import { at, checkoutFor, deliver, startStripeBilling } from './stripe-helpers.js';

/** Stripe delivers at least once, in any order, and anyone can POST: only the signed, newest facts count. */
let h: BillingHarness;
let fake: FakeStripe;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ h, fake, close } = await startStripeBilling());
});
afterAll(async () => {
  await close();
});

const countEvents = async () => (await h.database.db.select().from(processedEvents)).length;

describe('replayed and duplicated deliveries', () => {
  it('applies a replayed event once: no second payment, no second plan change', async () => {
    const buyer = await checkoutFor(h, fake);
    const { completed } = fake.completeCheckout(buyer.sessionId);
    for (let i = 0; i < 3; i++) expect((await deliver(h, fake, completed)).statusCode).toBe(200);
    expect(await h.planOf(buyer.user.id)).toBe('standard');
    expect((await h.usage(buyer.user.id)).map((u) => u.kind)).toEqual(['plan_change', 'payment']);
  });

  it('applies the same event delivered in parallel once (its id is stored with its effect, ON CONFLICT DO NOTHING)', async () => {
    const buyer = await checkoutFor(h, fake, 'premium');
    const { completed } = fake.completeCheckout(buyer.sessionId);
    const before = await countEvents();
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(h, fake, completed)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await countEvents()).toBe(before + 1);
    expect((await h.usage(buyer.user.id)).filter((u) => u.kind === 'payment')).toHaveLength(1);
    expect(await h.planOf(buyer.user.id)).toBe('premium');
  });
});

describe('out-of-order deliveries', () => {
  it('ends free when the deletion arrives before an older update', async () => {
    const buyer = await checkoutFor(h, fake);
    const { completed, created, subscriptionId } = fake.completeCheckout(buyer.sessionId);
    const t = completed.created;
    const olderUpdate = at(
      fake.event('customer.subscription.updated', fake.subscriptions.get(subscriptionId)!),
      t + 5,
    );
    const deleted = at(fake.endSubscription(subscriptionId), t + 10);
    for (const event of [deleted, completed, olderUpdate, at(created, t - 1)])
      expect((await deliver(h, fake, event)).statusCode).toBe(200);
    expect((await h.store.subscription(subscriptionId))?.status).toBe('canceled');
    expect(await h.planOf(buyer.user.id)).toBe('free');
  });

  it('keeps the newest status whatever order updates come in', async () => {
    const buyer = await checkoutFor(h, fake, 'premium');
    const { completed, subscriptionId } = fake.completeCheckout(buyer.sessionId);
    const t = completed.created;
    await deliver(h, fake, completed);
    const { updated: pastDue } = fake.failPayment(subscriptionId);
    const { updated: active } = fake.payRenewal(subscriptionId);
    const pastDueLater = at(pastDue, t + 20);
    const activeEarlier = at(active, t + 10);
    await deliver(h, fake, pastDueLater);
    await deliver(h, fake, activeEarlier);
    expect((await h.store.subscription(subscriptionId))?.status).toBe('past_due');
    expect(await h.planOf(buyer.user.id)).toBe('premium');
  });
});

describe('signatures', () => {
  it('refuses unsigned, badly signed, tampered and stale bodies with 400 and changes nothing', async () => {
    const buyer = await checkoutFor(h, fake);
    const { completed } = fake.completeCheckout(buyer.sessionId);
    const before = await countEvents();
    const { body, signature } = fake.sign(completed);
    const attempts = [
      { headers: { 'content-type': 'application/json' }, payload: body },
      {
        headers: { 'content-type': 'application/json', 'stripe-signature': 'garbage' },
        payload: body,
      },
      {
        headers: {
          'content-type': 'application/json',
          'stripe-signature': fake.sign(completed, 'whsec_someone_else').signature,
        },
        payload: body,
      },
      {
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload: body.replace('"paid"', '"unpaid"'),
      },
      {
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signature.replace(
            /t=\d+/,
            `t=${Math.floor(Date.now() / 1000) - 3600}`,
          ),
        },
        payload: body,
      },
      { headers: { 'stripe-signature': signature } },
    ];
    for (const attempt of attempts) {
      const res = await h.app.inject({ method: 'POST', url: '/api/billing/webhook', ...attempt });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: BILLING_MESSAGES.badSignature, code: 'bad_signature' });
    }
    expect(await countEvents()).toBe(before);
    expect(await h.planOf(buyer.user.id)).toBe('free');
    expect(await h.usage(buyer.user.id)).toEqual([]);
  });

  it('acknowledges a signed event of a type billing does not handle, and stores nothing', async () => {
    const before = await countEvents();
    const res = await deliver(
      h,
      fake,
      fake.event('customer.created', { id: 'cus_x', object: 'customer' }),
    );
    expect(res.statusCode).toBe(200);
    expect(await countEvents()).toBe(before);
  });
});
