import {
  CHECKOUT_RESULTS as CONTRACT_RESULTS,
  type AuthResponse,
  type Plan,
  type SubscriptionView,
} from '@oneeta/contracts';
import { describe, expect, it } from 'vitest';
import {
  CHECKOUT_RESULTS,
  planSettled,
  settleCheckout,
  SETTLE_DELAYS_MS,
  validatePlansSearch,
} from './checkout-return';

const answer = (plan: Plan, token = `token-${plan}`): AuthResponse => ({
  token,
  user: {
    id: 'u1',
    email: 'u1@example.com',
    name: null,
    plan,
    phoneNumber: null,
    phoneVerified: false,
    emailVerified: true,
    isAdmin: false,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
  },
});

const subscription = (
  plan: Plan,
  status: SubscriptionView['status'] = 'active',
): SubscriptionView => ({
  provider: 'local',
  plan,
  status,
  currentPeriodEnd: '2026-02-01T00:00:00Z',
  cancelAtPeriodEnd: false,
});

describe('the /plans search', () => {
  it('keeps checkout=success and checkout=cancelled and drops anything else', () => {
    expect(validatePlansSearch({ checkout: 'success' })).toEqual({ checkout: 'success' });
    expect(validatePlansSearch({ checkout: 'cancelled' })).toEqual({ checkout: 'cancelled' });
    expect(validatePlansSearch({ checkout: 'paid' })).toEqual({});
    expect(validatePlansSearch({ checkout: ['success'] })).toEqual({});
    expect(validatePlansSearch({})).toEqual({});
  });

  it('knows the same results as the contract', () => {
    expect([...CHECKOUT_RESULTS]).toEqual([...CONTRACT_RESULTS]);
  });
});

describe('planSettled', () => {
  it('is true once the user is on the plan of a live subscription', () => {
    expect(planSettled('standard', subscription('standard'))).toBe(true);
    expect(planSettled('premium', subscription('premium', 'past_due'))).toBe(true);
  });

  it('is false without a subscription, for a cancelled one, or while the plans differ', () => {
    expect(planSettled('free', null)).toBe(false);
    expect(planSettled('standard', subscription('standard', 'canceled'))).toBe(false);
    expect(planSettled('free', subscription('standard'))).toBe(false);
  });
});

/** Fake deps: answers in order (the last one repeats); records the waits. */
function deps(refreshes: (AuthResponse | Error)[], subscriptions: (SubscriptionView | null)[]) {
  const waits: number[] = [];
  let r = 0;
  let s = 0;
  const next = <T>(list: T[], i: number): T => list[Math.min(i, list.length - 1)]!;
  return {
    waits,
    calls: () => r,
    refresh: () => {
      const value = next(refreshes, r++);
      return value instanceof Error ? Promise.reject(value) : Promise.resolve(value);
    },
    subscription: () => Promise.resolve({ subscription: next(subscriptions, s++) }),
    wait: (ms: number) => {
      waits.push(ms);
      return Promise.resolve();
    },
    stopped: () => false,
  };
}

describe('settleCheckout', () => {
  it('answers at the first try when the plan has already changed (the local provider)', async () => {
    const fake = deps([answer('standard')], [subscription('standard')]);
    expect(await settleCheckout(fake)).toEqual({ answer: answer('standard'), settled: true });
    expect(fake.waits).toEqual([0]);
  });

  it('asks again until the webhook has changed the plan, keeping the newest token', async () => {
    const fake = deps(
      [answer('free', 't1'), answer('free', 't2'), answer('premium', 't3')],
      [null, subscription('premium'), subscription('premium')],
    );
    expect(await settleCheckout(fake)).toEqual({ answer: answer('premium', 't3'), settled: true });
    expect(fake.waits).toEqual(SETTLE_DELAYS_MS.slice(0, 3));
  });

  it('goes on past a failed try', async () => {
    const fake = deps([new Error('503'), answer('standard')], [subscription('standard')]);
    expect(await settleCheckout(fake)).toEqual({ answer: answer('standard'), settled: true });
    expect(fake.calls()).toBe(2);
  });

  it('gives up after the last delay, with the newest token it got', async () => {
    const fake = deps([answer('free')], [null]);
    expect(await settleCheckout(fake)).toEqual({ answer: answer('free'), settled: false });
    expect(fake.waits).toEqual([...SETTLE_DELAYS_MS]);
    expect(SETTLE_DELAYS_MS.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(25_000);
  });

  it('after a cancel in the portal, waits for the token to carry free', async () => {
    const fake = deps(
      [answer('standard', 't1'), answer('free', 't2')],
      [subscription('standard', 'canceled')],
    );
    const toFree = (plan: string) => plan === 'free';
    expect(await settleCheckout(fake, toFree)).toEqual({
      answer: answer('free', 't2'),
      settled: true,
    });
    expect(fake.calls()).toBe(2);
  });

  it('stops asking once the page is gone', async () => {
    let stopped = false;
    const fake = deps([answer('free')], [null]);
    const outcome = await settleCheckout({
      ...fake,
      wait: (ms) => {
        fake.waits.push(ms);
        if (fake.waits.length === 2) stopped = true;
        return Promise.resolve();
      },
      stopped: () => stopped,
    });
    expect(outcome).toEqual({ answer: answer('free'), settled: false });
    expect(fake.calls()).toBe(1);
  });
});
