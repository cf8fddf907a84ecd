import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeSubscription, listDevices, sendTest, subscribe } from './factories.js';
import { bearer, startNotification, type NotificationHarness } from './helpers.js';

let h: NotificationHarness;
beforeAll(async () => {
  h = await startNotification();
});
afterAll(() => h.close());

const CALLS = [
  { method: 'GET', url: '/api/push/vapidPublicKey' },
  { method: 'POST', url: '/api/push/subscribe', payload: fakeSubscription() },
  {
    method: 'POST',
    url: '/api/push/unsubscribe',
    payload: { endpoint: 'https://push.example.test/x' },
  },
  { method: 'GET', url: '/api/push/list' },
  { method: 'POST', url: '/api/push/test' },
  { method: 'DELETE', url: '/api/push/all' },
] as const;

describe('/api/push authorization', () => {
  it.each(CALLS)(
    "answers $method $url without a token with 401 'Not authenticated'",
    async (call) => {
      const res = await h.app.inject({ ...call });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: 'Not authenticated' });
    },
  );

  it.each(CALLS)('answers $method $url with a forged token with 401', async (call) => {
    const res = await h.app.inject({ ...call, headers: bearer('not-a-token') });
    expect(res.statusCode).toBe(401);
  });
});

describe('/api/push calls', () => {
  it('gives the VAPID public key: an uncompressed P-256 point in URL-safe base64', async () => {
    const u = await h.user();
    const res = await h.app.inject({
      method: 'GET',
      url: '/api/push/vapidPublicKey',
      headers: bearer(u.token),
    });
    expect(res.statusCode).toBe(200);
    const { publicKey } = res.json() as { publicKey: string };
    expect(publicKey).toBe(h.vapid.publicKey);
    const raw = Buffer.from(publicKey, 'base64url');
    expect(raw).toHaveLength(65);
    expect(raw[0]).toBe(4);
  });

  it('registers a device (201), lists it without keys, and updates it on a second subscribe (200, one row)', async () => {
    const u = await h.user();
    const sub = fakeSubscription();
    const first = await subscribe(h, u.token, sub, {
      deviceName: 'Laptop',
      userAgent: 'Firefox 140',
    });
    expect(first.statusCode).toBe(201);
    const [before] = await listDevices(h, u.token);
    expect(before).toEqual({
      endpoint: sub.endpoint,
      deviceName: 'Laptop',
      userAgent: 'Firefox 140',
      lastSeen: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(JSON.stringify(await listDevices(h, u.token))).not.toContain(sub.keys.p256dh);

    const renewed = fakeSubscription(sub.endpoint);
    const again = await subscribe(h, u.token, renewed, {
      deviceName: 'Work laptop',
      userAgent: 'Firefox 141',
    });
    expect(again.statusCode).toBe(200);
    const after = await listDevices(h, u.token);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({
      endpoint: sub.endpoint,
      deviceName: 'Work laptop',
      userAgent: 'Firefox 141',
    });
    expect(Date.parse(after[0]!.updatedAt as string)).toBeGreaterThanOrEqual(
      Date.parse(before!.updatedAt as string),
    );
    const [row] = await h.subscriptions.listByUser(u.id);
    expect(row).toMatchObject({ p256dh: renewed.keys.p256dh, auth: renewed.keys.auth });
  });

  it('moves an endpoint registered by another user to the caller, who alone lists it', async () => {
    const [alice, bob] = [await h.user(), await h.user()];
    const sub = fakeSubscription();
    expect((await subscribe(h, alice.token, sub)).statusCode).toBe(201);
    expect(await listDevices(h, alice.token)).toHaveLength(1);
    expect((await subscribe(h, bob.token, sub)).statusCode).toBe(200);
    expect(await listDevices(h, alice.token)).toEqual([]);
    expect((await listDevices(h, bob.token)).map((d) => d.endpoint)).toEqual([sub.endpoint]);
  });

  it("unsubscribes the caller's own endpoint only", async () => {
    const [alice, bob] = [await h.user(), await h.user()];
    const sub = fakeSubscription();
    await subscribe(h, alice.token, sub);
    const byBob = await h.app.inject({
      method: 'POST',
      url: '/api/push/unsubscribe',
      headers: bearer(bob.token),
      payload: { endpoint: sub.endpoint },
    });
    expect(byBob.json()).toEqual({ removed: 0 });
    expect(await listDevices(h, alice.token)).toHaveLength(1);
    const byAlice = await h.app.inject({
      method: 'POST',
      url: '/api/push/unsubscribe',
      headers: bearer(alice.token),
      payload: { endpoint: sub.endpoint },
    });
    expect(byAlice.statusCode).toBe(200);
    expect(byAlice.json()).toEqual({ removed: 1 });
    expect(await listDevices(h, alice.token)).toEqual([]);
  });

  it("removes all of the caller's devices and nobody else's", async () => {
    const [alice, bob] = [await h.user(), await h.user()];
    await subscribe(h, alice.token, fakeSubscription());
    await subscribe(h, alice.token, fakeSubscription());
    await subscribe(h, bob.token, fakeSubscription());
    const res = await h.app.inject({
      method: 'DELETE',
      url: '/api/push/all',
      headers: bearer(alice.token),
    });
    expect(res.json()).toEqual({ removed: 2 });
    expect(await listDevices(h, alice.token)).toEqual([]);
    expect(await listDevices(h, bob.token)).toHaveLength(1);
  });

  it('queues one test push per device of the caller and answers 202 at once', async () => {
    const u = await h.user();
    expect((await sendTest(h, u.token)).json()).toEqual({ queued: 0 });
    await subscribe(h, u.token, fakeSubscription());
    await subscribe(h, u.token, fakeSubscription());
    const res = await sendTest(h, u.token);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ queued: 2 });
  });

  it("refuses a sixth test push within a minute with 429 'Too many requests. Try again in Ns'", async () => {
    const u = await h.user();
    for (let i = 0; i < 5; i++) expect((await sendTest(h, u.token)).statusCode).toBe(202);
    const res = await sendTest(h, u.token);
    expect(res.statusCode).toBe(429);
    expect((res.json() as { error: string }).error).toMatch(
      /^Too many requests\. Try again in \d+s$/,
    );
    expect(res.headers['retry-after']).toBeDefined();
    const other = await h.user();
    expect((await sendTest(h, other.token)).statusCode).toBe(202);
  });

  it.each([
    ['a missing endpoint', { keys: { p256dh: 'a', auth: 'b' } }],
    ['an endpoint that is not a URL', { endpoint: 'nope', keys: { p256dh: 'a', auth: 'b' } }],
    ['missing keys', { endpoint: 'https://push.example.test/1' }],
    [
      'an empty auth key',
      { endpoint: 'https://push.example.test/1', keys: { p256dh: 'a', auth: '' } },
    ],
  ])('refuses a subscribe with %s with 400 and a sentence', async (_label, payload) => {
    const u = await h.user();
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/push/subscribe',
      headers: bearer(u.token),
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(typeof (res.json() as { error: unknown }).error).toBe('string');
  });

  it('documents every call in its OpenAPI document with a tag, operationId and summary', async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: '/internal/openapi.json',
      headers: { 'x-internal-token': h.config.INTERNAL_TOKEN! },
    });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      paths: Record<
        string,
        Record<string, { tags?: string[]; operationId?: string; summary?: string }>
      >;
    };
    const ops = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ path, method, ...op })),
    );
    expect(ops.map((o) => `${o.method} ${o.path}`).sort()).toEqual([
      'delete /api/push/all',
      'get /api/admin/email-outbox',
      'get /api/notifications/channels',
      'get /api/notifications/inbox',
      'get /api/notifications/preferences',
      'get /api/notifications/unsubscribe',
      'get /api/push/list',
      'get /api/push/vapidPublicKey',
      'post /api/notifications/inbox/read',
      'post /api/notifications/unsubscribe',
      'post /api/push/subscribe',
      'post /api/push/test',
      'post /api/push/unsubscribe',
      'put /api/notifications/mutes/{sessionId}',
      'put /api/notifications/preferences',
    ]);
    for (const op of ops) {
      const tag = op.path.startsWith('/api/push/')
        ? 'push'
        : op.path.startsWith('/api/admin/')
          ? 'admin'
          : 'notifications';
      expect(op).toMatchObject({
        tags: [tag],
        operationId: expect.any(String),
        summary: expect.any(String),
      });
    }
  });
});
