import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES, JOBS, QUEUES } from '@oneeta/contracts';
import { startAuth, type AuthHarness } from '@oneeta/auth/testing';
import { and, desc, eq } from 'drizzle-orm';
import { createLocalProvider } from '../src/providers/local.js';
import { subscriptions } from '../src/store/schema.js';
import { startBilling, WEB_ORIGIN, type BillingHarness } from '../test-support/index.js';

/**
 * Auth is down while people pay: the real auth service stops listening on the port billing calls
 * (connections refused), then listens there again. Every plan change queues its push to auth in the transaction of the
 * change; the push retries with backoff until auth takes it, and sends the newest plan.
 */
let auth: AuthHarness;
let h: BillingHarness;
let authPort: number;
const provider = createLocalProvider({ webOrigin: WEB_ORIGIN });

beforeAll(async () => {
  auth = await startAuth();
  await auth.app.listen({ port: 0, host: '127.0.0.1' });
  authPort = (auth.app.server.address() as AddressInfo).port;
  h = await startBilling({
    auth: { harness: auth, url: `http://127.0.0.1:${authPort}` },
    provider: () => provider,
  });
});
afterAll(async () => {
  await h.close();
  await auth.close();
});

/** Auth stops answering on its port (its process, bus and database keep running): connections are refused. */
async function stopAuthListening() {
  const closed = new Promise<void>((resolve) => auth.app.server.close(() => resolve()));
  auth.app.server.closeAllConnections();
  await closed;
  await expect(fetch(`http://127.0.0.1:${authPort}/health/live`)).rejects.toThrow();
}

/** The real auth service listens on its port again. */
async function startAuthListening() {
  await new Promise<void>((resolve) => auth.app.server.listen(authPort, '127.0.0.1', resolve));
}

const checkoutIdOf = (url: string) => url.split('/billing/checkout/')[1]!;

/** A new account billing already knows (its account view asked auth once). */
async function signedUp() {
  const account = await h.signUp();
  await expect
    .poll(
      async () => (await h.call('GET', '/api/billing/subscription', account.token)).statusCode,
      { timeout: 10_000 },
    )
    .toBe(200);
  return account;
}

async function pay(token: string, plan: 'standard' | 'premium') {
  const opened = await h.call('POST', '/api/billing/create-checkout-session', token, { plan });
  expect(opened.statusCode, opened.body).toBe(200);
  const paid = await h.call(
    'POST',
    `/api/billing/checkout/${checkoutIdOf(opened.json<{ url: string }>().url)}/pay`,
    token,
  );
  expect(paid.statusCode, paid.body).toBe(200);
  expect(paid.json()).toEqual({ url: `${WEB_ORIGIN}/plans?checkout=success` });
}

/** The user's plan-push jobs in backoff after a failed try (auth refused the connection). */
const failedPushesOf = async (userId: string) =>
  (await pushesOf(userId, ['delayed'])).filter((job) => job.attemptsMade >= 1 && job.failedReason);

describe('a plan paid while auth is down', () => {
  let standard: Awaited<ReturnType<typeof signedUp>>;
  let upgraded: Awaited<ReturnType<typeof signedUp>>;

  it('pays at once, keeps the push of the plan in backoff (no secret in it), and reaches auth once auth is back', async () => {
    standard = await signedUp();
    upgraded = await signedUp();
    await stopAuthListening();
    await pay(standard.token, 'standard');
    await pay(upgraded.token, 'standard');
    await pay(upgraded.token, 'premium');

    // Paid and shown by billing; auth has not heard yet, and the pushes wait for it.
    expect((await h.call('GET', '/api/billing/subscription', standard.token)).json()).toMatchObject(
      { subscription: { plan: 'standard', status: 'active' } },
    );
    expect((await h.call('GET', '/api/billing/subscription', upgraded.token)).json()).toMatchObject(
      { subscription: { plan: 'premium', status: 'active' } },
    );
    await expect
      .poll(async () => (await failedPushesOf(standard.user.id)).length, { timeout: 10_000 })
      .toBe(1);
    const [pending] = await failedPushesOf(standard.user.id);
    expect(pending!.name).toBe(JOBS[QUEUES.planPush].name);
    expect(pending!.data).toEqual({ userId: standard.user.id });
    expect(pending!.id).not.toContain(':');
    await expect
      .poll(async () => (await failedPushesOf(upgraded.user.id)).length, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(2);
    expect(await h.authPlanOf(standard.user.id)).toBe('free');
    expect(await h.authPlanOf(upgraded.user.id)).toBe('free');

    // Auth comes back on the address billing calls.
    await startAuthListening();
    await expect.poll(() => h.authPlanOf(standard.user.id), { timeout: 20_000 }).toBe('standard');
    await expect.poll(() => h.authPlanOf(upgraded.user.id), { timeout: 20_000 }).toBe('premium');
    await h.pushesSettled();
    // Every push of the upgraded user ran (the Standard payment's too): the newest plan stayed.
    expect(await h.authPlanOf(upgraded.user.id)).toBe('premium');
    expect((await h.store.liveSubscriptions(upgraded.user.id)).map((s) => s.plan)).toEqual([
      'premium',
    ]);
  });

  it('a repeated push and an older event after the upgrade leave the newest plan in auth', async () => {
    const [older] = await endedSubscriptionsOf(upgraded.user.id);
    const earlier = new Set((await pushesOf(upgraded.user.id)).map((job) => job.id));
    expect(older).toMatchObject({ plan: 'standard', status: 'canceled' });

    // The same push again, as a late or duplicated job would be.
    await h.pushQueue.add(JOBS[QUEUES.planPush].name, { userId: upgraded.user.id });
    // An out-of-order Standard "active" update, older than the cancellation: stored as seen, it
    // changes nothing, and the push it queues sends the newest plan.
    const { body, signature } = provider.sign({
      id: `evt_old_${Date.now()}`,
      created: older!.eventCreated - 60,
      type: 'customer.subscription.updated',
      subscription: {
        id: older!.id,
        customerId: older!.customerId,
        userId: upgraded.user.id,
        plan: 'standard',
        status: 'active',
        currentPeriodEnd: older!.currentPeriodEnd,
        cancelAtPeriodEnd: false,
      },
    });
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    await h.pushesSettled();
    expect(await h.authPlanOf(upgraded.user.id)).toBe('premium');
    expect((await h.store.subscription(older!.id))?.status).toBe('canceled');
    // Both pushes of this test ran to the end (the repeated one and the event's), each finding auth
    // already on the newest plan.
    await expect
      .poll(
        async () =>
          (await pushesOf(upgraded.user.id, ['completed']))
            .filter((job) => !earlier.has(job.id))
            .map((job) => job.returnvalue),
        { timeout: 10_000 },
      )
      .toEqual(['unchanged', 'unchanged']);
  });

  it('once auth is back the account is on its plan, which cannot be bought twice', async () => {
    const res = await h.call('POST', '/api/billing/create-checkout-session', standard.token, {
      plan: 'standard',
    });
    expect(res.json()).toMatchObject({ error: BILLING_MESSAGES.alreadyOnPlan });
    expect(await h.planOf(standard.user.id)).toBe('standard');
  });
});

/** The user's plan-push jobs in the given states (every state by default). */
const pushesOf = async (
  userId: string,
  states: Parameters<BillingHarness['pushQueue']['getJobs']>[0] = [
    'completed',
    'failed',
    'delayed',
    'waiting',
    'active',
    'prioritized',
  ],
) => (await h.pushQueue.getJobs(states)).filter((job) => job.data.userId === userId);

/** The user's subscriptions that ended, newest first. */
function endedSubscriptionsOf(userId: string) {
  return h.database.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, 'canceled')))
    .orderBy(desc(subscriptions.createdAt));
}
