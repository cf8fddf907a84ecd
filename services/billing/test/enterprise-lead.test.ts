import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBilling, type BillingHarness } from '../test-support/index.js';

let h: BillingHarness;
beforeAll(async () => {
  h = await startBilling({ env: { LEAD_MAX_PER_IP_PER_HOUR: '3' } });
});
afterAll(async () => {
  await h.close();
});

const lead = (overrides: Record<string, unknown> = {}) => ({
  name: '  Ada Lovelace ',
  email: 'ada@example.test',
  company: 'Engines Ltd',
  companySize: '51-200',
  expectedMonthlyRequests: 250000,
  needs: [],
  message: 'We want it.',
  ...overrides,
});

describe('POST /api/enterprise/lead', () => {
  it('stores a lead from anyone (bearer optional) and answers its reference id; a bad one is refused and not stored', async () => {
    const anonymous = await h.call(
      'POST',
      '/api/enterprise/lead',
      null,
      lead({ companySize: undefined }),
    );
    expect(anonymous.statusCode, anonymous.body).toBe(201);
    const { id } = anonymous.json<{ id: string }>();
    const stored = await h.store.lead(id);
    expect(stored).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.test',
      company: 'Engines Ltd',
      userId: null,
    });
    expect(stored?.payload).toMatchObject({
      expectedMonthlyRequests: 250000,
      needs: [],
      message: 'We want it.',
    });

    const { token, user } = await h.signUp();
    const signedIn = await h.call(
      'POST',
      '/api/enterprise/lead',
      token,
      lead({ companySize: undefined, expectedMonthlyRequests: null }),
    );
    expect(signedIn.statusCode).toBe(201);
    expect((await h.store.lead(signedIn.json<{ id: string }>().id))?.userId).toBe(user.id);

    for (const bad of [
      lead({ name: '' }),
      lead({ email: 'nope' }),
      lead({ expectedMonthlyRequests: -1 }),
      lead({ timeframe: 'someday' }),
    ]) {
      const res = await h.call('POST', '/api/enterprise/lead', null, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toHaveProperty('error');
    }
    expect((await h.call('POST', '/api/enterprise/lead', 'bad-token', lead())).statusCode).toBe(
      401,
    );
  });

  it('limits leads per IP, atomically: of parallel requests beyond the limit, the extra ones get 429', async () => {
    const ip = '203.0.113.9';
    const send = () =>
      h.app.inject({
        method: 'POST',
        url: '/api/enterprise/lead',
        remoteAddress: ip,
        payload: lead({ companySize: undefined }),
      });
    const answers = await Promise.all(Array.from({ length: 6 }, send));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 429, 429, 429]);
    const refused = answers.find((r) => r.statusCode === 429)!;
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
