import { randomUUID } from 'node:crypto';
import type { Job } from 'bullmq';
import { loadConfig, type HostResolver } from '@oneeta/service-kit';
import { PUSH_MESSAGES } from '@oneeta/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configSchema } from '../src/config.js';
import { createPushProcessor } from '../src/consumers/push-delivery.js';
import { createWebPushSender } from '../src/providers/push.js';
import { fakeSubscription, listDevices, subscribe } from './factories.js';
import { startNotification, type NotificationHarness } from './helpers.js';
import { startPushStandIn } from './push-stand-in.js';

let h: NotificationHarness;
let pushService: Awaited<ReturnType<typeof startPushStandIn>>;
beforeAll(async () => {
  pushService = await startPushStandIn();
  h = await startNotification();
  h.dns.set('intranet.example.test', [{ address: '10.1.2.3', family: 4 }]);
  h.dns.set('metadata.example.test', [{ address: '169.254.169.254', family: 4 }]);
  h.dns.set('split.example.test', [
    { address: '8.8.4.4', family: 4 },
    { address: 'fd00::7', family: 6 },
  ]);
  h.dns.set('mapped.example.test', [{ address: '::ffff:127.0.0.1', family: 6 }]);
  h.dns.set('nowhere.example.test', []);
});
afterAll(async () => {
  await h.close();
  await pushService.close();
});

const keys = () => fakeSubscription().keys;

describe('POST /api/push/subscribe refuses endpoints that are not public https push services', () => {
  it.each([
    ['http:', 'http://push.example.test/x', PUSH_MESSAGES.notHttps],
    ['file:', 'file:///etc/passwd', PUSH_MESSAGES.notHttps],
    ['gopher:', 'gopher://push.example.test:70/_x', PUSH_MESSAGES.notHttps],
    ['credentials', 'https://user:secret@push.example.test/x', PUSH_MESSAGES.credentials],
    ['loopback', 'https://127.0.0.1/x', PUSH_MESSAGES.notPublic],
    ['loopback elsewhere in 127/8', 'https://127.1.2.3:8443/x', PUSH_MESSAGES.notPublic],
    ['localhost', 'https://localhost/x', PUSH_MESSAGES.notPublic],
    ['[::1]', 'https://[::1]/x', PUSH_MESSAGES.notPublic],
    ['[::]', 'https://[::]/x', PUSH_MESSAGES.notPublic],
    ['0.0.0.0', 'https://0.0.0.0/x', PUSH_MESSAGES.notPublic],
    ['hex IPv4', 'https://0x7f000001/x', PUSH_MESSAGES.notPublic],
    ['dotted hex IPv4', 'https://0x7f.0.0.1/x', PUSH_MESSAGES.notPublic],
    ['octal IPv4', 'https://0177.0.0.1/x', PUSH_MESSAGES.notPublic],
    ['decimal IPv4', 'https://2130706433/x', PUSH_MESSAGES.notPublic],
    ['short IPv4', 'https://127.1/x', PUSH_MESSAGES.notPublic],
    ['IPv4-mapped loopback', 'https://[::ffff:127.0.0.1]/x', PUSH_MESSAGES.notPublic],
    ['IPv4-mapped private', 'https://[::ffff:a00:1]/x', PUSH_MESSAGES.notPublic],
    ['private 10/8', 'https://10.0.0.1/x', PUSH_MESSAGES.notPublic],
    ['private 172.16/12', 'https://172.16.5.4/x', PUSH_MESSAGES.notPublic],
    ['private 192.168/16', 'https://192.168.1.1/x', PUSH_MESSAGES.notPublic],
    [
      'link-local (cloud metadata)',
      'https://169.254.169.254/latest/meta-data',
      PUSH_MESSAGES.notPublic,
    ],
    ['CGNAT', 'https://100.64.0.1/x', PUSH_MESSAGES.notPublic],
    ['multicast', 'https://224.0.0.251/x', PUSH_MESSAGES.notPublic],
    ['broadcast', 'https://255.255.255.255/x', PUSH_MESSAGES.notPublic],
    ['unique-local IPv6', 'https://[fd12:3456::1]/x', PUSH_MESSAGES.notPublic],
    ['link-local IPv6', 'https://[fe80::1]/x', PUSH_MESSAGES.notPublic],
    ['multicast IPv6', 'https://[ff02::1]/x', PUSH_MESSAGES.notPublic],
    ['a name at a private address', 'https://intranet.example.test/x', PUSH_MESSAGES.notPublic],
    ['a name at the metadata address', 'https://metadata.example.test/x', PUSH_MESSAGES.notPublic],
    [
      'a name with one public and one unique-local address',
      'https://split.example.test/x',
      PUSH_MESSAGES.notPublic,
    ],
    [
      'a name at an IPv4-mapped loopback address',
      'https://mapped.example.test/x',
      PUSH_MESSAGES.notPublic,
    ],
    ['a name with no address', 'https://nowhere.example.test/x', PUSH_MESSAGES.notFound],
  ])('refuses %s with 400 and stores nothing', async (_label, endpoint, error) => {
    const u = await h.user();
    const res = await subscribe(h, u.token, { endpoint, keys: keys() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error });
    expect(await listDevices(h, u.token)).toEqual([]);
  });

  it('accepts an https endpoint whose host is public', async () => {
    const u = await h.user();
    expect((await subscribe(h, u.token, fakeSubscription())).statusCode).toBe(201);
    expect(
      (
        await subscribe(h, u.token, {
          endpoint: 'https://[2a00:1450:4001:80b::200a]/fcm/send/x',
          keys: keys(),
        })
      ).statusCode,
    ).toBe(201);
  });
});

describe('PUSH_ALLOWED_HOSTS', () => {
  let listed: NotificationHarness;
  beforeAll(async () => {
    listed = await startNotification({
      PUSH_ALLOWED_HOSTS: 'fcm.googleapis.com, *.notify.windows.com',
    });
    for (const host of [
      'fcm.googleapis.com',
      'eu.fcm.googleapis.com',
      'wns2-par02p.notify.windows.com',
      'notify.windows.com',
      'evilfcm.googleapis.com',
      'fcm.googleapis.com.example.test',
    ]) {
      listed.dns.set(host, [{ address: '8.8.8.8', family: 4 }]);
    }
  });
  afterAll(() => listed.close());

  it.each([
    'https://fcm.googleapis.com/fcm/send/x',
    'https://eu.fcm.googleapis.com/fcm/send/x',
    'https://wns2-par02p.notify.windows.com/w/?token=x',
  ])('accepts %s', async (endpoint) => {
    const u = await listed.user();
    expect((await subscribe(listed, u.token, { endpoint, keys: keys() })).statusCode).toBe(201);
  });

  it.each([
    'https://notify.windows.com/x',
    'https://evilfcm.googleapis.com/x',
    'https://fcm.googleapis.com.example.test/x',
    'https://push.example.test/x',
  ])('refuses %s', async (endpoint) => {
    const u = await listed.user();
    const res = await subscribe(listed, u.token, { endpoint, keys: keys() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: PUSH_MESSAGES.notAllowed });
  });
});

describe('devices per account', () => {
  it('keeps the 10 devices seen most recently: an 11th replaces the one seen least recently', async () => {
    const u = await h.user();
    const subs = Array.from({ length: 10 }, () => fakeSubscription());
    for (const sub of subs) expect((await subscribe(h, u.token, sub)).statusCode).toBe(201);
    // The first device is seen again (the app re-registers on each visit): the second is now the stalest.
    expect((await subscribe(h, u.token, subs[0]!)).statusCode).toBe(200);
    const eleventh = fakeSubscription();
    expect((await subscribe(h, u.token, eleventh)).statusCode).toBe(201);
    const listed = (await listDevices(h, u.token)).map((d) => d.endpoint);
    expect(listed).toHaveLength(10);
    expect(listed).toContain(eleventh.endpoint);
    expect(listed).toContain(subs[0]!.endpoint);
    expect(listed).not.toContain(subs[1]!.endpoint);
  });

  it('holds the cap when many devices register at once', async () => {
    const u = await h.user();
    const answers = await Promise.all(
      Array.from({ length: 14 }, () => subscribe(h, u.token, fakeSubscription())),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(new Array(14).fill(201));
    expect(await h.subscriptions.listByUser(u.id)).toHaveLength(10);
  });
});

describe('PUSH_ALLOW_PRIVATE_ENDPOINTS', () => {
  it('is off unless set, and refused in production', () => {
    expect(loadConfig(configSchema, {}).PUSH_ALLOW_PRIVATE_ENDPOINTS).toBe(false);
    expect(
      loadConfig(configSchema, { PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true', NODE_ENV: 'test' })
        .PUSH_ALLOW_PRIVATE_ENDPOINTS,
    ).toBe(true);
    expect(() =>
      loadConfig(configSchema, { PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true', NODE_ENV: 'production' }),
    ).toThrow(/PUSH_ALLOW_PRIVATE_ENDPOINTS/);
  });
});

describe('the send-time check', () => {
  const options = { ttlSeconds: 60, urgency: 'normal' as const, topic: 'x' };
  const sender = (resolve: HostResolver, allowPrivate = false) =>
    createWebPushSender({
      vapid: h.vapid,
      subject: 'mailto:ops@oneeta.test',
      timeoutMs: 5000,
      ca: pushService.ca,
      policy: { allowedHosts: [], allowPrivate, resolve },
    });

  it('drops a stored endpoint at a loopback address without connecting to it', async () => {
    const device = pushService.device();
    const u = await h.user();
    // A row the subscribe check would refuse (stored before it existed).
    const { row } = await h.subscriptions.upsert(u.id, {
      endpoint: device.subscription.endpoint,
      ...device.subscription.keys,
      deviceName: null,
      userAgent: null,
    });
    const push = createPushProcessor({
      accounts: h.accounts,
      db: h.database.db,
      outbox: h.delivery.outbox,
      ttlSeconds: 60,
      log: h.app.log,
      sender: sender(async () => []),
    });
    const job = { id: `push-${randomUUID()}`, attemptsMade: 0, opts: { attempts: 3 } } as Job;
    const result = await push(job, {
      userId: u.id,
      subscriptionId: row.id,
      sessionId: null,
      kind: 'test',
      payload: { title: 'OneETA', body: 'x', url: '/profile', tag: 't' },
    });
    expect(result.outcome).toBe('gone');
    expect(device.requests).toEqual([]);
    expect(await h.subscriptions.byId(row.id)).toBeNull();
  });

  it('resolves once per connection and never connects when the name now points at a private address (rebinding)', async () => {
    const device = pushService.device();
    let asked = 0;
    const rebound: HostResolver = async () => (asked++, [{ address: '127.0.0.1', family: 4 }]);
    const endpoint = device.subscription.endpoint.replace('127.0.0.1', 'localhost');
    const result = await sender(rebound).send(
      { endpoint, keys: device.subscription.keys },
      '{}',
      options,
    );
    expect(result).toMatchObject({ statusCode: null, refused: 'address' });
    expect(asked).toBe(1);
    expect(device.requests).toEqual([]);
  });

  it('connects to the address it resolved and checked, with the name kept for TLS and Host (private allowed: the stand-in)', async () => {
    const device = pushService.device();
    const resolved: HostResolver = async () => [{ address: '127.0.0.1', family: 4 }];
    const endpoint = device.subscription.endpoint.replace('127.0.0.1', 'localhost');
    await sender(resolved, true).send({ endpoint, keys: device.subscription.keys }, '{}', options);
    // The stand-in's certificate names localhost: the TLS handshake saw the name, the socket went to 127.0.0.1.
    expect(device.requests).toHaveLength(1);
  });

  it('refuses http:, a literal private address and a host off the allow-list before any connection', async () => {
    const never: HostResolver = () => Promise.reject(new Error('asked'));
    const s = sender(never);
    const k = keys();
    expect(
      await s.send({ endpoint: 'http://push.example.test/x', keys: k }, '{}', options),
    ).toMatchObject({ refused: 'endpoint', error: PUSH_MESSAGES.notHttps });
    expect(await s.send({ endpoint: 'https://[::1]/x', keys: k }, '{}', options)).toMatchObject({
      refused: 'endpoint',
    });
    expect(
      await s.send({ endpoint: 'https://0x7f000001/x', keys: k }, '{}', options),
    ).toMatchObject({ refused: 'endpoint' });
    const listed = createWebPushSender({
      vapid: h.vapid,
      subject: 'mailto:ops@oneeta.test',
      timeoutMs: 5000,
      policy: { allowedHosts: ['fcm.googleapis.com'], allowPrivate: false, resolve: never },
    });
    expect(
      await listed.send({ endpoint: 'https://push.example.test/x', keys: k }, '{}', options),
    ).toMatchObject({ refused: 'endpoint', error: PUSH_MESSAGES.notAllowed });
  });
});
