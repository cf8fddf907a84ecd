import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@oneeta/service-kit/testing';
import { pushTopic } from '../src/domain/push.js';
import { listDevices, sendTest, subscribe } from './factories.js';
import { startNotification, type NotificationHarness } from './helpers.js';
import { startPushStandIn } from './push-stand-in.js';

/** Delivery end to end: the real app, outbox relay, BullMQ worker and web-push, against a push service on this machine. */
let pushService: Awaited<ReturnType<typeof startPushStandIn>>;
let h: NotificationHarness;
beforeAll(async () => {
  pushService = await startPushStandIn();
  h = await startNotification(
    {
      VAPID_SUBJECT: 'mailto:ops@oneeta.test',
      PUSH_TTL_SECONDS: '600',
      PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true',
    },
    { ca: pushService.ca },
  );
});
afterAll(async () => {
  await h.close();
  await pushService.close();
});

const eventsOf = async (userId: string) =>
  (await h.sentEvents()).filter((e) => e.data.userId === userId);

describe('push delivery', () => {
  it('delivers the test push encrypted for the device, signed with our VAPID key, with TTL, urgency and topic', async () => {
    const u = await h.user();
    const device = pushService.device();
    await subscribe(h, u.token, device.subscription);
    expect((await sendTest(h, u.token)).json()).toEqual({ queued: 1 });

    const [payload] = await eventually(() =>
      device.delivered().length === 1 ? device.delivered() : null,
    );
    expect(payload).toEqual({
      title: 'OneETA',
      body: expect.stringContaining('Test notification'),
      url: '/profile',
      tag: 'oneeta:test:none',
    });
    const [request] = device.requests;
    expect(request).toMatchObject({
      status: 201,
      ttl: '600',
      urgency: 'normal',
      topic: pushTopic('test', null),
      vapid: { publicKey: h.vapid.publicKey, sub: 'mailto:ops@oneeta.test' },
    });

    const [event] = await eventually(async () => {
      const events = await eventsOf(u.id);
      return events.length === 1 ? events : null;
    });
    expect(event!.data).toMatchObject({
      userId: u.id,
      sessionId: null,
      kind: 'test',
      channel: 'push',
      outcome: 'delivered',
    });
    expect(await h.deliveries.byId(event!.data.deliveryId)).toMatchObject({
      outcome: 'delivered',
      statusCode: 201,
      attempts: 1,
    });
  });

  it('deletes the subscription when the push service answers 410, and records the delivery as gone', async () => {
    const u = await h.user();
    const device = pushService.device();
    device.script(410);
    await subscribe(h, u.token, device.subscription);
    await sendTest(h, u.token);
    await eventually(async () => (await listDevices(h, u.token)).length === 0);
    const [event] = await eventually(async () => {
      const events = await eventsOf(u.id);
      return events.length === 1 ? events : null;
    });
    expect(event!.data).toMatchObject({ outcome: 'gone', channel: 'push' });
    expect(device.requests.map((r) => r.status)).toEqual([410]);
  });

  it('retries once after a 429 and delivers once', async () => {
    const u = await h.user();
    const device = pushService.device();
    device.script(429);
    await subscribe(h, u.token, device.subscription);
    await sendTest(h, u.token);
    await eventually(() => device.delivered().length === 1, { timeoutMs: 10_000 });
    expect(device.requests.map((r) => r.status)).toEqual([429, 201]);
    const [event] = await eventually(async () => {
      const events = await eventsOf(u.id);
      return events.length === 1 ? events : null;
    });
    expect(await h.deliveries.byId(event!.data.deliveryId)).toMatchObject({
      outcome: 'delivered',
      attempts: 2,
    });
    const metrics = (await h.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toMatch(
      /^push_deliveries_total\{outcome="retried",service="notification"\} [1-9]/m,
    );
    expect(metrics).toMatch(
      /^push_deliveries_total\{outcome="delivered",service="notification"\} [1-9]/m,
    );
    await h.drained();
    expect(await eventsOf(u.id)).toHaveLength(1);
    expect(device.delivered()).toHaveLength(1);
  });

  it("waits as long as a 429's Retry-After asks before trying again", async () => {
    const u = await h.user();
    const device = pushService.device();
    device.script({ status: 429, retryAfter: '3' });
    await subscribe(h, u.token, device.subscription);
    await sendTest(h, u.token);
    await eventually(() => device.delivered().length === 1, { timeoutMs: 15_000 });
    const [refused, accepted] = device.requests;
    expect([refused!.status, accepted!.status]).toEqual([429, 201]);
    // The catalog's first backoff is 1 s; the push service asked for 3 s.
    expect(accepted!.at - refused!.at).toBeGreaterThanOrEqual(2900);
  });

  it('delivers to the other devices while one is gone and another keeps answering 503, which is recorded as failed after its last retry', async () => {
    const u = await h.user();
    const [gone, slow, ok1, ok2] = [
      pushService.device(),
      pushService.device(),
      pushService.device(),
      pushService.device(),
    ];
    gone.script(404);
    slow.script(503, 503, 503, 503, 503);
    for (const d of [gone, slow, ok1, ok2]) await subscribe(h, u.token, d.subscription);
    expect((await sendTest(h, u.token)).json()).toEqual({ queued: 4 });

    await eventually(() => ok1.delivered().length === 1 && ok2.delivered().length === 1);
    // The healthy devices got theirs while the failing one is still being retried.
    expect(slow.delivered()).toHaveLength(0);
    await eventually(async () => (await listDevices(h, u.token)).length === 3);
    expect((await listDevices(h, u.token)).map((d) => d.endpoint)).not.toContain(
      gone.subscription.endpoint,
    );
    // Events leave through the outbox relay, a moment after the outcomes are recorded.
    await expect
      .poll(async () => (await eventsOf(u.id)).map((e) => e.data.outcome).sort(), {
        timeout: 10_000,
      })
      .toEqual(['delivered', 'delivered', 'gone']);

    // The failing device: five attempts (backoff 1 + 2 + 4 + 8 s), then recorded as failed, once; it stays registered.
    await eventually(async () => (await eventsOf(u.id)).length === 4, { timeoutMs: 30_000 });
    expect((await eventsOf(u.id)).map((e) => e.data.outcome).sort()).toEqual([
      'delivered',
      'delivered',
      'failed',
      'gone',
    ]);
    expect(slow.requests.map((r) => r.status)).toEqual([503, 503, 503, 503, 503]);
    expect((await listDevices(h, u.token)).map((d) => d.endpoint)).toContain(
      slow.subscription.endpoint,
    );
  }, 40_000);
});
