import { describe, expect, it } from 'vitest';
import { BILLING_MESSAGES } from '@oneeta/contracts';
import { checkoutRefusal, isLive, supersedes } from './rules.js';

describe('checkoutRefusal', () => {
  it('sells Standard and Premium only, never the current plan', () => {
    expect(checkoutRefusal('standard', 'free')).toBeNull();
    expect(checkoutRefusal('premium', 'standard')).toBeNull();
    expect(checkoutRefusal('standard', 'premium')).toBeNull();
    expect(checkoutRefusal('standard', 'standard')).toBe(BILLING_MESSAGES.alreadyOnPlan);
    expect(checkoutRefusal('free', 'standard')).toBe(BILLING_MESSAGES.notSelfServe);
    expect(checkoutRefusal('enterprise', 'free')).toBe(BILLING_MESSAGES.notSelfServe);
    expect(checkoutRefusal('premium', 'enterprise')).toBe(BILLING_MESSAGES.enterpriseManaged);
  });
});

describe('supersedes', () => {
  const stored = { eventCreated: 100, status: 'active' as const };
  it('lets only a newer event change a subscription', () => {
    expect(supersedes({ created: 101, status: 'active' }, stored)).toBe(true);
    expect(supersedes({ created: 99, status: 'canceled' }, stored)).toBe(false);
  });
  it('within one second, lets the status move forward only', () => {
    expect(supersedes({ created: 100, status: 'past_due' }, stored)).toBe(true);
    expect(supersedes({ created: 100, status: 'canceled' }, stored)).toBe(true);
    expect(supersedes({ created: 100, status: 'incomplete' }, stored)).toBe(false);
  });
  it('never revives a canceled subscription', () => {
    expect(
      supersedes({ created: 500, status: 'active' }, { eventCreated: 100, status: 'canceled' }),
    ).toBe(false);
  });
  it('counts active and past due as live', () => {
    expect([
      isLive('active'),
      isLive('past_due'),
      isLive('canceled'),
      isLive('incomplete'),
    ]).toEqual([true, true, false, false]);
  });
});
