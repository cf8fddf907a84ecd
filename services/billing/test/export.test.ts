import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingUserExportSchema } from '@oneeta/contracts';
import { TEST_INTERNAL_TOKEN } from '@oneeta/service-kit/testing';
import { startBilling, type BillingHarness } from '../test-support/index.js';

let h: BillingHarness;
beforeAll(async () => {
  h = await startBilling();
});
afterAll(async () => {
  await h?.close();
});

const exportOf = (userId: string, token: string | null = TEST_INTERNAL_TOKEN) =>
  h.app.inject({
    method: 'GET',
    url: `/internal/users/${userId}/export`,
    headers: token ? { 'x-internal-token': token } : {},
  });

describe('GET /internal/users/:id/export', () => {
  it('needs the internal token', async () => {
    for (const token of [null, 'wrong-token-wrong-token-wrong']) {
      const res = await exportOf('someone', token);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('internal_only');
    }
  });

  it("answers the account's subscriptions (its plan history), checkouts and enterprise requests, nobody else's", async () => {
    const [me, other] = [await h.signUp(), await h.signUp()];
    const open = async (token: string, plan: 'standard' | 'premium') => {
      const res = await h.call('POST', '/api/billing/create-checkout-session', token, { plan });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ url: string }>().url.split('/billing/checkout/')[1]!;
    };
    const paid = await open(me.token, 'standard');
    expect((await h.call('POST', `/api/billing/checkout/${paid}/pay`, me.token)).statusCode).toBe(
      200,
    );
    await open(other.token, 'premium');
    const lead = {
      name: 'Ada Lovelace',
      email: 'work@engines.test',
      company: 'Engines Ltd',
      companySize: '51-200',
      expectedMonthlyRequests: 1000,
      needs: [],
      message: 'We want it.',
    };
    expect((await h.call('POST', '/api/enterprise/lead', me.token, lead)).statusCode).toBe(201);
    await h.pushesSettled();

    const res = await exportOf(me.user.id);
    expect(res.statusCode).toBe(200);
    const body = billingUserExportSchema.parse(res.json());
    expect(body.provider).toBe('local');
    expect(body.subscriptions).toEqual([
      expect.objectContaining({ plan: 'standard', status: 'active', cancelAtPeriodEnd: false }),
    ]);
    expect(body.checkouts).toEqual([
      expect.objectContaining({ id: paid, plan: 'standard', status: 'paid' }),
    ]);
    expect(body.enterpriseRequests).toEqual([
      expect.objectContaining({ email: 'work@engines.test', company: 'Engines Ltd' }),
    ]);

    expect(billingUserExportSchema.parse((await exportOf('never-seen')).json())).toEqual({
      provider: null,
      subscriptions: [],
      checkouts: [],
      enterpriseRequests: [],
    });
  });
});
