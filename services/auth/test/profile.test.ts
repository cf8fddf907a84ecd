import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOPICS, type EventEnvelope, type UserChangedData } from '@oneeta/contracts';
import { streamKey } from '@oneeta/service-kit';
import { eq } from 'drizzle-orm';
import { phoneVerifications } from '../src/store/schema.js';
import { bearer, newEmail, registerUser } from './factories.js';
import { INTERNAL_TOKEN, startAuth, type AuthHarness } from './helpers.js';

let auth: AuthHarness;
beforeAll(async () => {
  auth = await startAuth();
});
afterAll(() => auth.close());

/** Every user.changed event on the stream for one user, oldest first. */
async function userChangedEvents(userId: string): Promise<EventEnvelope<UserChangedData>[]> {
  await auth.drained();
  const entries = await auth.redis.xrange(streamKey(auth.prefix, TOPICS.userChanged), '-', '+');
  return entries
    .map(([, fields]) => JSON.parse(fields[1]!) as EventEnvelope<UserChangedData>)
    .filter((event) => event.data.userId === userId);
}

const call = (
  method: 'GET' | 'PATCH' | 'POST' | 'DELETE' | 'PUT',
  url: string,
  token?: string,
  payload?: object,
) => auth.app.inject({ method, url, payload, headers: token ? bearer(token) : {} });

describe('GET/PATCH /api/auth/me', () => {
  it('answers 401 "Not authenticated" without a token', async () => {
    const res = await call('GET', '/api/auth/me');
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('Not authenticated');
  });

  it('renames the user, returns a token with the new name, and publishes user.changed', async () => {
    const { token, user } = await registerUser(auth, { name: 'Old' });
    const res = await call('PATCH', '/api/auth/me', token, { name: '  New Name ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.name).toBe('New Name');
    const me = await call('GET', '/api/auth/me', res.json().token);
    expect(me.json().user.name).toBe('New Name');
    const events = await userChangedEvents(user.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: TOPICS.userChanged,
      source: 'auth',
      data: { name: 'New Name', changed: ['name'] },
    });
  });

  it('rejects an empty name with "Name cannot be empty" and changes nothing', async () => {
    const { token, user } = await registerUser(auth, { name: 'Keep' });
    const res = await call('PATCH', '/api/auth/me', token, { name: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Name cannot be empty');
    expect((await call('GET', '/api/auth/me', token)).json().user.name).toBe('Keep');
    expect(await userChangedEvents(user.id)).toHaveLength(0);
  });

  it('changes the e-mail (lower-cased) and refuses one that is taken with 409', async () => {
    const other = await registerUser(auth);
    const { token, user, password } = await registerUser(auth);
    const taken = await call('PATCH', '/api/auth/me', token, {
      email: other.user.email.toUpperCase(),
      currentPassword: password,
    });
    expect(taken.statusCode).toBe(409);
    const fresh = newEmail();
    const res = await call('PATCH', '/api/auth/me', token, {
      email: fresh.toUpperCase(),
      currentPassword: password,
    });
    expect(res.json().user.email).toBe(fresh);
    expect((await userChangedEvents(user.id)).map((e) => e.data.changed)).toEqual([['email']]);
  });

  it('publishes nothing when the new value equals the old one', async () => {
    const { token, user } = await registerUser(auth, { name: 'Same' });
    await call('PATCH', '/api/auth/me', token, { name: 'Same' });
    expect(await userChangedEvents(user.id)).toHaveLength(0);
  });
});

describe('phone verification', () => {
  it('rejects numbers that are not 10 digits or 11 starting with 1', async () => {
    const { token } = await registerUser(auth);
    for (const phone of ['12345', '2065550100123', '20655501001', 'call me']) {
      const res = await call('POST', '/api/auth/me/phone', token, { phone, consent: true });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('Please enter a valid phone number (include country code)');
    }
  });

  it('requires consent before a code is sent', async () => {
    const { token } = await registerUser(auth);
    const res = await call('POST', '/api/auth/me/phone', token, { phone: '2065550100' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Please confirm you agree to receive a verification code by SMS');
    expect(await auth.smsTo('+12065550100')).toHaveLength(0);
  });

  it('normalises, sends a code to the outbox, verifies it, then removes the phone', async () => {
    const { token } = await registerUser(auth);
    const start = await call('POST', '/api/auth/me/phone', token, {
      phone: '1 (206) 555-0142',
      consent: true,
    });
    expect(start.json()).toEqual({ phoneNumber: '+12065550142', phoneVerified: false });
    const [sms] = await auth.smsTo('+12065550142');
    const code = /(\d{6})/.exec(sms!)![1]!;

    const empty = await call('POST', '/api/auth/me/phone/verify', token, { code: ' ' });
    expect(empty.json().error).toBe('Enter the verification code');
    const wrong = await call('POST', '/api/auth/me/phone/verify', token, {
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('Invalid or expired verification code');

    const ok = await call('POST', '/api/auth/me/phone/verify', token, { code });
    expect(ok.json()).toEqual({ phoneNumber: '+12065550142', phoneVerified: true });
    expect((await call('GET', '/api/auth/me', token)).json().user).toMatchObject({
      phoneNumber: '+12065550142',
      phoneVerified: true,
    });
    const reused = await call('POST', '/api/auth/me/phone/verify', token, { code });
    expect(reused.json().error).toBe('Start phone verification first');

    const removed = await call('DELETE', '/api/auth/me/phone', token);
    expect(removed.json()).toEqual({ phoneNumber: null, phoneVerified: false });
  });

  it('compares at most 5 codes when 40 guesses arrive at once (the right one last is refused)', async () => {
    const { token, user } = await registerUser(auth);
    await call('POST', '/api/auth/me/phone', token, { phone: '2065550188', consent: true });
    const code = /(\d{6})/.exec((await auth.smsTo('+12065550188'))[0]!)![1]!;
    const wrongCode = code === '000000' ? '111111' : '000000';
    const guesses = [...Array.from({ length: 39 }, () => wrongCode), code];
    const answers = await Promise.all(
      guesses.map((guess) => call('POST', '/api/auth/me/phone/verify', token, { code: guess })),
    );
    expect(answers.map((res) => res.json().error)).toEqual(
      guesses.map(() => 'Invalid or expired verification code'),
    );
    const [pending] = await auth.database.db
      .select()
      .from(phoneVerifications)
      .where(eq(phoneVerifications.userId, user.id));
    expect(pending!.attempts).toBe(5);
    expect((await call('GET', '/api/auth/me', token)).json().user.phoneVerified).toBe(false);
  });

  it('stops accepting even the right code after 5 wrong ones', async () => {
    const { token } = await registerUser(auth);
    await call('POST', '/api/auth/me/phone', token, { phone: '2065550177', consent: true });
    const code = /(\d{6})/.exec((await auth.smsTo('+12065550177'))[0]!)![1]!;
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      await call('POST', '/api/auth/me/phone/verify', token, { code: wrongCode });
    const res = await call('POST', '/api/auth/me/phone/verify', token, { code });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Invalid or expired verification code');
  });
});

describe('plans', () => {
  it('refuses a paid plan on PATCH /api/auth/plan and leaves the plan as it was', async () => {
    const { token } = await registerUser(auth);
    const res = await call('PATCH', '/api/auth/plan', token, { plan: 'premium' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('use_checkout');
    expect((await call('GET', '/api/auth/me', token)).json().user.plan).toBe('free');
    expect((await call('PATCH', '/api/auth/plan', token, { plan: 'gold' })).json().error).toBe(
      'Plan must be one of free, standard, premium, enterprise',
    );
  });

  it('billing sets a paid plan internally; the user downgrades to free; each change is published', async () => {
    const { token, user } = await registerUser(auth);
    const denied = await auth.app.inject({
      method: 'PUT',
      url: `/internal/users/${user.id}/plan`,
      payload: { plan: 'premium' },
    });
    expect(denied.statusCode).toBe(403);
    const set = await auth.app.inject({
      method: 'PUT',
      url: `/internal/users/${user.id}/plan`,
      payload: { plan: 'premium' },
      headers: { 'x-internal-token': INTERNAL_TOKEN },
    });
    expect(set.json().user.plan).toBe('premium');
    const down = await call('PATCH', '/api/auth/plan', token, { plan: 'free' });
    expect(down.statusCode).toBe(200);
    expect(down.json().user.plan).toBe('free');
    const events = await userChangedEvents(user.id);
    expect(events.map((e) => [e.data.plan, e.data.changed])).toEqual([
      ['premium', ['plan']],
      ['free', ['plan']],
    ]);
  });

  it('internal lookup answers 404 for an unknown user', async () => {
    const res = await auth.app.inject({
      url: '/internal/users/nobody',
      headers: { 'x-internal-token': INTERNAL_TOKEN },
    });
    expect(res.statusCode).toBe(404);
  });
});
