import type { AuthUser } from '@oneeta/service-kit';
import { describe, expect, it } from 'vitest';
import { MembershipCache } from './membership-cache.js';
import { TokenBucket, tokenExpiry } from './ws-limits.js';

const user: AuthUser = {
  id: 'u1',
  email: 'u1@example.test',
  emailVerified: true,
  name: null,
  plan: 'free',
  isAdmin: false,
};

describe('MembershipCache', () => {
  it('asks once per user and session while fresh, sharing a call in flight, and again once stale', async () => {
    let now = 0;
    const asked: string[] = [];
    let member = true;
    const cache = new MembershipCache(
      async (u, s) => (asked.push(`${u.id}:${s}`), member),
      1000,
      undefined,
      () => now,
    );
    expect(await Promise.all([cache.check(user, 's1'), cache.check(user, 's1')])).toEqual([
      true,
      true,
    ]);
    expect(await cache.check(user, 's1')).toBe(true);
    expect(asked).toEqual(['u1:s1']);
    member = false;
    now = 999;
    expect(cache.fresh('u1', 's1')).toBe(true);
    now = 1000;
    expect(cache.fresh('u1', 's1')).toBeUndefined();
    expect(await cache.check(user, 's1')).toBe(false);
    expect(asked).toEqual(['u1:s1', 'u1:s1']);
  });

  it('counts a failed check as still a member for the window, and reports it', async () => {
    const errors: string[] = [];
    let calls = 0;
    const cache = new MembershipCache(
      async () => {
        calls += 1;
        throw new Error('session service down');
      },
      1000,
      (_err, sessionId) => errors.push(sessionId),
      () => 0,
    );
    expect(await cache.check(user, 's1')).toBe(true);
    expect(await cache.check(user, 's1')).toBe(true);
    expect({ calls, errors }).toEqual({ calls: 1, errors: ['s1'] });
  });
});

describe('TokenBucket', () => {
  it('allows the burst, then refills at the rate', () => {
    let now = 0;
    const bucket = new TokenBucket(2, 3, () => now);
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([
      true,
      true,
      true,
      false,
    ]);
    now = 500;
    expect([bucket.take(), bucket.take()]).toEqual([true, false]);
  });
});

describe('tokenExpiry', () => {
  it('reads exp from a JWT payload, null when absent or unreadable', () => {
    const jwt = (payload: object) =>
      `h.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.s`;
    expect(tokenExpiry(jwt({ exp: 1_900_000_000 }))).toBe(1_900_000_000);
    expect(tokenExpiry(jwt({ sub: 'x' }))).toBeNull();
    expect(tokenExpiry('garbage')).toBeNull();
  });
});
