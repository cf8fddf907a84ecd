/**
 * A deleted account (user.deleted from auth): its subscription ends at the provider, whatever the
 * provider's mood, and its billing rows stay for the accounts under nobody's name.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOPICS, type EventEnvelope, type UserDeletedData } from '@oneeta/contracts';
import { redisKey, type Database } from '@oneeta/service-kit';
import { deadLettered, eventually, publishUnchecked } from '@oneeta/service-kit/testing';
import { asc, sql } from 'drizzle-orm';
import { USER_DELETED_GROUP, userDeletedHandler } from '../src/consumers/user-deleted.js';
import { ERASED } from '../src/store/erase-user.js';
import {
  checkouts,
  customers,
  enterpriseLeads,
  outbox,
  subscriptions,
} from '../src/store/schema.js';
import { startBilling, type BillingHarness, type FakeStripe } from '../test-support/index.js';
import { checkoutFor, deliver, startStripeBilling } from './stripe-helpers.js';

type Account = Awaited<ReturnType<BillingHarness['signUp']>>;

const deleted = (a: Account): UserDeletedData => ({
  userId: a.user.id,
  email: a.user.email,
  deletedAt: new Date().toISOString(),
});
const envelope = (data: UserDeletedData): EventEnvelope<UserDeletedData> => ({
  id: randomUUID(),
  type: TOPICS.userDeleted,
  source: 'auth',
  occurredAt: new Date().toISOString(),
  data,
});
const processed = (h: BillingHarness, eventId: string) =>
  eventually(
    async () =>
      (await h.redis.get(redisKey(h.prefix, 'processed', USER_DELETED_GROUP, eventId))) === 'done',
  );
const db = (h: BillingHarness) => h.database.db as unknown as Database;

/** Rows of billing's tables that mention the text anywhere. */
async function rowsMentioning(h: BillingHarness, text: string) {
  const found: Record<string, number> = {};
  for (const [name, table] of Object.entries({
    checkouts,
    customers,
    enterpriseLeads,
    outbox,
    subscriptions,
  })) {
    const [row] = await db(h)
      .select({ n: sql<number>`count(*)::int` })
      .from(sql`${table} as x`)
      .where(sql`strpos(lower(row_to_json(x)::text), lower(${text})) > 0`);
    found[name] = row!.n;
  }
  return found;
}
const none = { checkouts: 0, customers: 0, enterpriseLeads: 0, outbox: 0, subscriptions: 0 };

/** The accounts' figures: checkouts by plan, status and amount; subscriptions by plan. */
const figures = async (h: BillingHarness) => ({
  checkouts: await db(h)
    .select({ plan: checkouts.plan, amount: checkouts.amountMinor, currency: checkouts.currency })
    .from(checkouts)
    .orderBy(asc(checkouts.id)),
  subscriptions: await db(h)
    .select({ id: subscriptions.id, plan: subscriptions.plan })
    .from(subscriptions)
    .orderBy(asc(subscriptions.id)),
});

describe('a deleted account, on the local provider', () => {
  let h: BillingHarness;
  beforeAll(async () => {
    h = await startBilling();
  });
  afterAll(async () => {
    await h?.close();
  });

  const lead = (email: string) => ({
    name: 'Ada Lovelace',
    email,
    company: 'Engines Ltd',
    companySize: '51-200',
    expectedMonthlyRequests: 1000,
    needs: [],
    message: 'We want it.',
  });

  /** A paid Standard subscription, an open Premium checkout, and enterprise requests (signed in, and by address). */
  async function seed() {
    const a = await h.signUp();
    const open = async (plan: 'standard' | 'premium') => {
      const res = await h.call('POST', '/api/billing/create-checkout-session', a.token, { plan });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ url: string }>().url.split('/billing/checkout/')[1]!;
    };
    expect(
      (await h.call('POST', `/api/billing/checkout/${await open('standard')}/pay`, a.token))
        .statusCode,
    ).toBe(200);
    await open('premium');
    expect(
      (await h.call('POST', '/api/enterprise/lead', a.token, lead('work@engines.test'))).statusCode,
    ).toBe(201);
    expect(
      (await h.call('POST', '/api/enterprise/lead', null, lead(a.user.email.toUpperCase())))
        .statusCode,
    ).toBe(201);
    await h.pushesSettled();
    return a;
  }

  it('ends the subscription, keeps the accounts under nobody, deletes the customer and the enterprise requests', async () => {
    const [gone, kept] = [await seed(), await seed()];
    for (const text of [gone.user.id, gone.user.email])
      expect(await rowsMentioning(h, text)).not.toEqual(none);
    const before = await figures(h);

    const event = await h.bus.publish(TOPICS.userDeleted, deleted(gone));
    await processed(h, event.id);

    for (const text of [gone.user.id, gone.user.email])
      expect(await rowsMentioning(h, text)).toEqual(none);
    expect(await figures(h)).toEqual(before);
    const theirs = await db(h)
      .select()
      .from(subscriptions)
      .where(sql`${subscriptions.userId} = ${ERASED}`);
    expect(theirs.length).toBeGreaterThanOrEqual(1);
    expect(theirs.every((s) => s.status === 'canceled')).toBe(true);
    const checkoutsLeft = await db(h)
      .select()
      .from(checkouts)
      .where(sql`${checkouts.userId} = ${ERASED}`);
    expect(checkoutsLeft.map((c) => c.status).sort()).toEqual(
      expect.arrayContaining(['cancelled', 'paid']),
    );
    // Their payment still counts in the ledger's events, under nobody.
    expect((await h.usage(ERASED)).some((u) => u.kind === 'payment' && u.amountMinor === 500)).toBe(
      true,
    );
    // The other account keeps everything.
    expect(await h.store.liveSubscriptions(kept.user.id)).toHaveLength(1);
    expect((await rowsMentioning(h, kept.user.email)).enterpriseLeads).toBe(1);
  });

  it('is harmless when the event comes again (the same event, a second one, a bad one)', async () => {
    const gone = await seed();
    const data = deleted(gone);
    const first = await h.bus.publish(TOPICS.userDeleted, data);
    await processed(h, first.id);
    const state = async () => ({
      subscriptions: await db(h).select().from(subscriptions).orderBy(asc(subscriptions.id)),
      checkouts: await db(h).select().from(checkouts).orderBy(asc(checkouts.id)),
      leads: await db(h).select().from(enterpriseLeads).orderBy(asc(enterpriseLeads.id)),
      customers: await db(h).select().from(customers).orderBy(asc(customers.userId)),
      outbox: await db(h)
        .select({ seq: outbox.seq, message: outbox.message })
        .from(outbox)
        .orderBy(asc(outbox.seq)),
    });
    const after = await state();
    await h.bus.publish(TOPICS.userDeleted, data, { id: first.id });
    const second = await h.bus.publish(TOPICS.userDeleted, {
      ...data,
      deletedAt: new Date().toISOString(),
    });
    await processed(h, second.id);
    const bad = await publishUnchecked(h.bus, TOPICS.userDeleted, { userId: 7 });
    await deadLettered(h.redis, h.prefix, TOPICS.userDeleted, bad.id);
    expect(await state()).toEqual(after);
  });
});

describe('a deleted account, on Stripe', () => {
  let h: BillingHarness;
  let fake: FakeStripe;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ h, fake, close } = await startStripeBilling());
  });
  afterAll(async () => {
    await close?.();
  });

  it('cancels at Stripe; an outage leaves the event to come again and loses nothing; a late Stripe event names nobody', async () => {
    const buyer = await checkoutFor(h, fake);
    const { completed, subscriptionId } = fake.completeCheckout(buyer.sessionId);
    expect((await deliver(h, fake, completed)).statusCode).toBe(200);
    expect(await h.planOf(buyer.user.id)).toBe('standard');
    const handle = userDeletedHandler({
      redis: h.redis,
      prefix: h.prefix,
      billing: h.billing,
      log: h.app.log,
    });
    const event = envelope(deleted(buyer as Account));

    fake.failNext({ status: 500, type: 'api_error', message: 'Something went wrong on Stripe' });
    await expect(handle(event)).rejects.toThrow();
    // Nothing changed and the event is not marked done: the bus delivers it again.
    expect(fake.subscriptions.get(subscriptionId)?.status).toBe('active');
    expect((await h.store.subscription(subscriptionId))?.userId).toBe(buyer.user.id);
    expect(
      await h.redis.get(redisKey(h.prefix, 'processed', USER_DELETED_GROUP, event.id)),
    ).toBeNull();

    await handle(event);
    expect(fake.subscriptions.get(subscriptionId)?.status).toBe('canceled');
    expect(await h.store.subscription(subscriptionId)).toMatchObject({
      userId: ERASED,
      status: 'canceled',
    });
    expect(await rowsMentioning(h, buyer.user.id)).toEqual(none);

    // Stripe's own customer.subscription.deleted arrives after: it changes nothing and names nobody.
    expect((await deliver(h, fake, fake.endSubscription(subscriptionId))).statusCode).toBe(200);
    expect(await h.store.subscription(subscriptionId)).toMatchObject({
      userId: ERASED,
      status: 'canceled',
    });
    expect(await rowsMentioning(h, buyer.user.id)).toEqual(none);
  });
});
