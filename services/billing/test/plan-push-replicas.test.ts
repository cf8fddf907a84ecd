import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOBS, QUEUES } from '@oneeta/contracts';
import { startPlanPushWorker } from '../src/consumers/plan-push.js';
import { createAuthClient } from '../src/providers/auth.js';
import { createLocalProvider } from '../src/providers/local.js';
import { startBilling, WEB_ORIGIN, type BillingHarness } from '../test-support/index.js';

/** Billing on two replicas: a second plan-push worker on the same queue, and pushes racing. */
let h: BillingHarness;
let second: ReturnType<typeof startPlanPushWorker>;
const provider = createLocalProvider({ webOrigin: WEB_ORIGIN });

beforeAll(async () => {
  h = await startBilling({ provider: () => provider });
  second = startPlanPushWorker({ config: h.config, pushPlan: h.billing.pushPlan, log: h.app.log });
  await second.ready;
});
afterAll(async () => {
  await second.close();
  await h.close();
});

const checkoutIdOf = (url: string) => url.split('/billing/checkout/')[1]!;

describe('plan pushes on two replicas', () => {
  it('runs each push job once, and two pushes racing leave auth on the paid plan', async () => {
    const account = await h.signUp();
    await expect
      .poll(
        async () => (await h.call('GET', '/api/billing/subscription', account.token)).statusCode,
        { timeout: 10_000 },
      )
      .toBe(200);
    const opened = await h.call('POST', '/api/billing/create-checkout-session', account.token, {
      plan: 'premium',
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const paid = await h.call(
      'POST',
      `/api/billing/checkout/${checkoutIdOf(opened.json<{ url: string }>().url)}/pay`,
      account.token,
    );
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await h.planOf(account.user.id)).toBe('premium');
    const jobs = (await h.pushQueue.getJobs(['completed', 'failed'])).filter(
      (job) => job.data.userId === account.user.id,
    );
    expect(jobs.length).toBeGreaterThan(0);
    expect(jobs.every((job) => job.attemptsMade === 1 && job.finishedOn !== undefined)).toBe(true);

    // Auth is put on another paid plan behind billing's back (free would read as the user's
    // downgrade); two replicas push at the same moment.
    await createAuthClient({ baseUrl: h.authUrl, internalToken: h.config.INTERNAL_TOKEN }).setPlan(
      account.user.id,
      'standard',
    );
    expect(await h.authPlanOf(account.user.id)).toBe('standard');
    const outcomes = await Promise.all([
      h.billing.pushPlan(account.user.id),
      h.billing.pushPlan(account.user.id),
    ]);
    expect(outcomes.every((o) => o === 'pushed' || o === 'unchanged')).toBe(true);
    expect(outcomes).toContain('pushed');
    expect(await h.authPlanOf(account.user.id)).toBe('premium');
    // The queue path too: two jobs for the user, one per worker at most at once.
    await Promise.all([
      h.pushQueue.add(JOBS[QUEUES.planPush].name, { userId: account.user.id }),
      h.pushQueue.add(JOBS[QUEUES.planPush].name, { userId: account.user.id }),
    ]);
    expect(await h.planOf(account.user.id)).toBe('premium');
  });
});
