import { describe, expect, it } from 'vitest';
import { PLAN_ACTION_LABELS, planAction } from './plan-rank';

describe('plan card action', () => {
  it("is 'Current plan' for the user's own plan, Enterprise included", () => {
    expect(planAction('free', 'free')).toBe('current');
    expect(planAction('enterprise', 'enterprise')).toBe('current');
    expect(PLAN_ACTION_LABELS.current).toBe('Current plan');
  });

  it('is Upgrade or Downgrade by rank free < standard < premium', () => {
    expect(planAction('free', 'standard')).toBe('upgrade');
    expect(planAction('standard', 'premium')).toBe('upgrade');
    expect(planAction('premium', 'standard')).toBe('downgrade');
    expect(planAction('premium', 'free')).toBe('downgrade');
    expect(planAction('enterprise', 'premium')).toBe('downgrade');
  });

  it('is Contact for Enterprise when it is not the current plan', () => {
    expect(planAction('free', 'enterprise')).toBe('contact');
    expect(planAction('premium', 'enterprise')).toBe('contact');
    expect(PLAN_ACTION_LABELS.contact).toBe('Contact');
  });
});
