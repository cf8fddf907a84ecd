import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, TOPICS, type LoginAlertData } from '@oneeta/contracts';
import { eventually } from '@oneeta/service-kit/testing';
import { registerUser } from './factories.js';
import { startAuth, type AuthHarness } from './helpers.js';

const WRONG = 'Wr0ng!pass';

let auth: AuthHarness;
beforeAll(async () => {
  auth = await startAuth({ LOGIN_DELAY_BASE_SECONDS: '1', LOGIN_ALERT_FAILURES_PER_HOUR: '8' });
});
afterAll(() => auth.close());

const login = (email: string, password: string, from: string) =>
  auth.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: from,
  });

describe('the login throttle', () => {
  it('after 5 wrong passwords holds back that address only: the owner signs in from another', async () => {
    const { user, password } = await registerUser(auth);
    for (let i = 0; i < 5; i++)
      expect((await login(user.email, WRONG, '198.51.100.1')).statusCode).toBe(401);
    const held = await login(user.email, password, '198.51.100.1');
    expect(held.statusCode).toBe(429);
    expect(held.json().error).toBe(MESSAGES.tooManyLoginAttempts.replace('{n}', '1'));
    expect(held.headers['retry-after']).toBe('1');
    expect((await login(user.email, password, '198.51.100.2')).statusCode).toBe(200);
  });

  it('makes each further failure from that address wait twice as long', async () => {
    const { user } = await registerUser(auth);
    const from = '198.51.100.3';
    for (let i = 0; i < 5; i++) await login(user.email, WRONG, from);
    const waits: string[] = [];
    for (let round = 0; round < 2; round++) {
      const held = await login(user.email, WRONG, from);
      expect(held.statusCode).toBe(429);
      waits.push(String(held.headers['retry-after']));
      // Refused attempts count nothing: once the wait is over, the next guess is checked.
      await eventually(async () => (await login(user.email, WRONG, from)).statusCode === 401, {
        timeoutMs: 5000,
        intervalMs: 200,
      });
    }
    const held = await login(user.email, WRONG, from);
    waits.push(String(held.headers['retry-after']));
    expect(waits).toEqual(['1', '2', '4']);
  });

  it('e-mails the owner once when the account sees many failures from any addresses', async () => {
    const { user } = await registerUser(auth);
    const alerts = async () =>
      (await auth.outboxEvents<LoginAlertData>(TOPICS.loginAlert)).filter(
        (data) => data.userId === user.id,
      );
    for (let i = 0; i < 7; i++) await login(user.email, WRONG, `192.0.2.${i + 1}`);
    expect(await alerts()).toHaveLength(0);
    for (let i = 7; i < 12; i++) await login(user.email, WRONG, `192.0.2.${i + 1}`);
    const sent = await alerts();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ userId: user.id, email: user.email, failures: 8 });
  });

  it('a reset password clears the held-back addresses', async () => {
    const { user } = await registerUser(auth);
    for (let i = 0; i < 5; i++) await login(user.email, WRONG, '198.51.100.9');
    expect(
      await auth.redis.keys(`${auth.prefix}:auth:login:attempts:${user.email.toLowerCase()}:*`),
    ).toHaveLength(1);
    await auth.app.inject({
      method: 'POST',
      url: '/api/auth/password/forgot',
      payload: { email: user.email },
    });
    const token = await auth.resetTokenFor(user.email);
    const res = await auth.app.inject({
      method: 'POST',
      url: '/api/auth/password/reset',
      payload: { token, password: 'N3w!password' },
    });
    expect(res.statusCode).toBe(200);
    expect(
      await auth.redis.keys(`${auth.prefix}:auth:login:attempts:${user.email.toLowerCase()}:*`),
    ).toEqual([]);
    expect((await login(user.email, 'N3w!password', '198.51.100.9')).statusCode).toBe(200);
  });
});
