import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { format, JOIN_ATTEMPTS, MESSAGES } from '@oneeta/contracts';
import { redisKey } from '@oneeta/service-kit';
import { joinAttemptKey, joinAttemptsPrefix } from '../src/store/join-attempts.js';
import { bearer, createSession } from './factories.js';
import { startSession, type SessionHarness, type TestUser } from './helpers.js';
import { accept, invite } from './membership.js';

let h: SessionHarness;
beforeAll(async () => {
  h = await startSession();
});
afterAll(() => h.close());

const setup = async () => {
  const owner = await h.user({ plan: 'premium' });
  const { sessionId } = await createSession(h, owner);
  const guest = await h.user({ plan: 'standard' });
  const inv = await invite(h, owner, sessionId, guest.email);
  return { owner, id: sessionId, guest, code: inv.code };
};

const view = (id: string, code: string, who: TestUser | string) =>
  h.app.inject({
    method: 'GET',
    url: `/api/sessions/${id}/invite/${code}`,
    ...(typeof who === 'string' ? { remoteAddress: who } : { headers: bearer(who.token) }),
  });

const counterKeys = (id: string, caller: string) => {
  const key = joinAttemptKey(id, caller);
  const prefix = joinAttemptsPrefix(h.prefix);
  return { count: redisKey(prefix, key, 'count'), lock: redisKey(prefix, key, 'lock') };
};

const expectLocked = (res: Awaited<ReturnType<typeof view>>) => {
  expect(res.statusCode).toBe(429);
  const seconds = Number(res.headers['retry-after']);
  expect(seconds).toBeGreaterThan(JOIN_ATTEMPTS.lockSeconds - 5);
  expect(seconds).toBeLessThanOrEqual(JOIN_ATTEMPTS.lockSeconds);
  expect(res.json()).toEqual({
    error: format(MESSAGES.tooManyAttempts, { n: seconds }),
    code: 'too_many_attempts',
  });
  expect(res.json().error).toMatch(/^Too many attempts\. Try again in \d+s$/);
};

describe('join attempts', () => {
  it("rejects a join after 5 wrong codes in 60 s with 'Too many attempts. Try again in Ns', even with the right code", async () => {
    const { id, guest, code } = await setup();
    for (let i = 0; i < JOIN_ATTEMPTS.limit; i++)
      expect((await view(id, `wrong-${i}`, guest)).statusCode).toBe(404);
    expectLocked(await view(id, code, guest));
    expectLocked(await accept(h, guest, id, code));
    const decline = await h.app.inject({
      method: 'POST',
      url: `/api/sessions/${id}/invite/${code}/decline`,
      headers: bearer(guest.token),
    });
    expectLocked(decline);
    // The lock did not let the invite change.
    expect((await view(id, code, '10.9.9.9')).json().invite.status).toBe('pending');
  });

  it('counts wrong codes on validate, accept and decline together', async () => {
    const { id, guest, code } = await setup();
    const wrong = 'x'.repeat(43);
    await view(id, wrong, guest);
    await view(id, wrong, guest);
    expect((await accept(h, guest, id, wrong)).statusCode).toBe(404);
    expect((await accept(h, guest, id, wrong)).statusCode).toBe(404);
    const decline = await h.app.inject({
      method: 'POST',
      url: `/api/sessions/${id}/invite/${wrong}/decline`,
      headers: bearer(guest.token),
    });
    expect(decline.statusCode).toBe(404);
    expectLocked(await accept(h, guest, id, code));
  });

  it('four wrong codes do not lock; the window is 60 s and a new window starts the count again', async () => {
    const { id, guest, code } = await setup();
    for (let i = 0; i < 4; i++) await view(id, 'nope', guest);
    const keys = counterKeys(id, `user:${guest.id}`);
    const ttl = await h.redis.pttl(keys.count);
    expect(ttl).toBeGreaterThan(55_000);
    expect(ttl).toBeLessThanOrEqual(JOIN_ATTEMPTS.windowSeconds * 1000);
    expect((await view(id, code, guest)).statusCode).toBe(200);
    await h.redis.pexpire(keys.count, 1); // the 60 s window ends
    await new Promise((resolve) => setTimeout(resolve, 20));
    for (let i = 0; i < 4; i++) await view(id, 'nope', guest);
    expect((await view(id, code, guest)).statusCode).toBe(200);
    expect((await view(id, 'nope', guest)).statusCode).toBe(404);
    expectLocked(await view(id, code, guest));
  });

  it('locks for 5 minutes, outlasting the window, then lets the caller in again', async () => {
    const { id, guest, code } = await setup();
    for (let i = 0; i < 5; i++) await view(id, 'nope', guest);
    const keys = counterKeys(id, `user:${guest.id}`);
    expect(await h.redis.pttl(keys.lock)).toBeGreaterThan((JOIN_ATTEMPTS.lockSeconds - 5) * 1000);
    await h.redis.pexpire(keys.count, 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expectLocked(await view(id, code, guest));
    await h.redis.pexpire(keys.lock, 1); // five minutes later
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await view(id, code, guest)).statusCode).toBe(200);
  });

  it('counts per session id and caller: other users, other IPs and other sessions are unaffected', async () => {
    const a = await setup();
    const b = await setup();
    for (let i = 0; i < 5; i++) await view(a.id, 'nope', a.guest);
    expectLocked(await view(a.id, a.code, a.guest));
    expect((await view(a.id, a.code, b.guest)).statusCode).toBe(200);
    expect((await view(b.id, b.code, a.guest)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) await view(a.id, 'nope', '10.2.0.1');
    expectLocked(await view(a.id, a.code, '10.2.0.1'));
    expect((await view(a.id, a.code, '10.2.0.2')).statusCode).toBe(200);
  });

  it('right codes never count as failures', async () => {
    const { id, guest, code } = await setup();
    for (let i = 0; i < 8; i++) expect((await view(id, code, guest)).statusCode).toBe(200);
    expect(await h.redis.exists(counterKeys(id, `user:${guest.id}`).count)).toBe(0);
  });

  it('counts 40 parallel wrong codes atomically: at most 5 are looked up, the rest answer 429', async () => {
    const { id, guest, code } = await setup();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => view(id, `parallel-${i}`, guest)),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 404)).toHaveLength(JOIN_ATTEMPTS.limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40 - JOIN_ATTEMPTS.limit);
    expectLocked(await view(id, code, guest));
  });

  it('does not count a right code: 4 wrong codes, the right one, then 1 wrong code still answers 404', async () => {
    const { id, guest, code } = await setup();
    for (let i = 0; i < JOIN_ATTEMPTS.limit - 1; i++)
      expect((await view(id, `wrong-${i}`, guest)).statusCode).toBe(404);
    expect((await view(id, code, guest)).statusCode).toBe(200);
    expect((await view(id, 'wrong-last', guest)).statusCode).toBe(404);
    expectLocked(await view(id, code, guest));
  });
});
