import { WS_CLOSE_REASONS } from '@oneeta/contracts';
import { deleteKeys, eventually, uniquePrefix } from '@oneeta/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type Gateway } from './helpers.js';
import { startWsFixture, TestClient, type WsFixture } from './ws-fixture.js';

const subscribe = (sessionId: string, token: string) => ({ action: 'subscribe', sessionId, token });
const ofType = (client: TestClient, type: string, sessionId?: string) =>
  client.frames.filter(
    (frame) => frame.type === type && (sessionId === undefined || frame.sessionId === sessionId),
  );
const closedWith = (client: TestClient, reason: string) =>
  eventually(() => client.closed, { timeoutMs: 5000 }).then(() =>
    expect({ code: client.closeCode, reason: client.closeReason }).toEqual({ code: 1008, reason }),
  );

describe('/ws repeated subscribes and the nudge re-check budget', () => {
  let ws: WsFixture;
  const asked: string[] = [];
  beforeAll(async () => {
    ws = await startWsFixture(
      {},
      {
        membership: async (user, sessionId) => {
          asked.push(`${user.id}:${sessionId}`);
          // Slow enough that repeated subscribes arrive while the first is being checked.
          await new Promise((resolve) => setImmediate(resolve));
          return true;
        },
      },
    );
  });
  afterAll(() => ws.close());

  const askedFor = (sessionId: string) => asked.filter((entry) => entry === `u1:${sessionId}`);

  it('answers a subscribe to a session already joined (or being joined) without asking membership again', async () => {
    const client = await ws.connect();
    for (let i = 0; i < 5; i += 1) client.send(subscribe('s-repeat', ws.token));
    await client.next({ type: 'subscribed', sessionId: 's-repeat' });
    for (let i = 0; i < 10; i += 1) client.send(subscribe('s-repeat', ws.token));
    await eventually(() => ofType(client, 'subscribed', 's-repeat').length === 11);
    expect(askedFor('s-repeat')).toHaveLength(1);
    expect(await ws.numsub('s-repeat')).toBe(1);
  });

  it('counts distinct sessions against the cap, so repeats cannot pass it', async () => {
    const client = await ws.connect();
    for (let i = 0; i < 19; i += 1) client.send(subscribe(`s-distinct-${i}`, ws.token));
    await eventually(() => ofType(client, 'subscribed').length === 19);
    for (let i = 0; i < 10; i += 1) client.send(subscribe('s-distinct-0', ws.token));
    client.send(subscribe('s-distinct-19', ws.token));
    await eventually(() => ofType(client, 'subscribed').length === 30);
    client.send(subscribe('s-distinct-20', ws.token));
    await client.next({
      type: 'error',
      code: 'too_many_subscriptions',
      sessionId: 's-distinct-20',
    });
    expect(askedFor('s-distinct-0')).toHaveLength(1);
    expect(askedFor('s-distinct-20')).toHaveLength(0);
  });

  it('re-checks a subscriber at most once per few seconds, however many moves arrive', async () => {
    const client = await ws.connect();
    await client.subscribe('s-burst', ws.token);
    // Frames that carry changes (moves, travel times): they change nobody's membership.
    const travel = { arriveAt: null, mode: 'car', count: 0, results: [], earliestArrival: null };
    const changes = {
      participants: [],
      travel,
      suggestedArriveAt: null,
      sharingEnded: false,
      updatedAt: new Date().toISOString(),
    };
    for (let i = 0; i < 30; i += 1)
      await ws.nudge('s-burst', {
        type: 'refresh-session',
        sessionId: 's-burst',
        revision: i + 1,
        changes,
      });
    await eventually(() => ofType(client, 'refresh-session', 's-burst').length === 30);
    expect(askedFor('s-burst')).toHaveLength(1);
  });
});

describe('/ws sockets that never subscribe', () => {
  let ws: WsFixture;
  beforeAll(async () => {
    ws = await startWsFixture({ WS_SUBSCRIBE_TIMEOUT_MS: '400' });
  });
  afterAll(() => ws.close());

  it('closes a socket with no subscription after WS_SUBSCRIBE_TIMEOUT_MS, and keeps a subscribed one', async () => {
    const [idle, refused, live] = await Promise.all([ws.connect(), ws.connect(), ws.connect()]);
    refused.send(subscribe('s-idle', 'garbage'));
    await refused.next({ type: 'error', code: 'invalid_token' });
    await live.subscribe('s-idle', ws.token);
    await closedWith(idle, WS_CLOSE_REASONS.idle);
    await closedWith(refused, WS_CLOSE_REASONS.idle);
    await ws.nudge('s-idle');
    await live.next({ type: 'refresh-session', sessionId: 's-idle' });
    expect(live.closed).toBe(false);
    expect(ws.gateway.app.wsHub.socketCount()).toBe(1);
  });
});

describe('/ws connections per address', () => {
  let ws: WsFixture;
  beforeAll(async () => {
    ws = await startWsFixture({ WS_MAX_CONNECTIONS_PER_IP: '3' });
  });
  afterAll(() => ws.close());

  it('closes a connection past WS_MAX_CONNECTIONS_PER_IP with 1008, and accepts again once one closes', async () => {
    const open = await Promise.all([ws.connect(), ws.connect(), ws.connect()]);
    const extra = await ws.connect();
    await closedWith(extra, WS_CLOSE_REASONS.tooManyConnections);
    expect(open.some((client) => client.closed)).toBe(false);

    await open[0]!.close();
    await eventually(() => ws.gateway.app.wsHub.socketCount() === 2);
    const again = await ws.connect();
    await again.subscribe('s-ip', ws.token);
    expect(again.closed).toBe(false);
  });
});

describe('/ws message rate', () => {
  let ws: WsFixture;
  beforeAll(async () => {
    ws = await startWsFixture({ WS_MESSAGES_PER_SECOND: '1', WS_MESSAGE_BURST: '5' });
  });
  afterAll(() => ws.close());

  it('closes a socket that sends faster than its token bucket allows, with 1008', async () => {
    const calm = await ws.connect();
    await calm.subscribe('s-rate', ws.token);
    const flood = await ws.connect();
    for (let i = 0; i < 12; i += 1) flood.send(subscribe(`s-flood-${i}`, ws.token));
    await closedWith(flood, WS_CLOSE_REASONS.tooManyMessages);
    expect(ofType(flood, 'subscribed').length).toBeLessThanOrEqual(5);
    await ws.nudge('s-rate');
    await calm.next({ type: 'refresh-session', sessionId: 's-rate' });
    expect(calm.closed).toBe(false);
  });
});

describe('/ws token expiry', () => {
  let ws: WsFixture;
  beforeAll(async () => {
    ws = await startWsFixture();
  });
  afterAll(() => ws.close());

  it('closes a socket when the newest token it subscribed with expires', async () => {
    const client = await ws.connect();
    const shortLived = await ws.sign({ sub: 'u1', expiresIn: Math.floor(Date.now() / 1000) + 2 });
    await client.subscribe('s-exp', shortLived);
    await ws.nudge('s-exp');
    await client.next({ type: 'refresh-session', sessionId: 's-exp' });
    expect(client.closed).toBe(false);
    await closedWith(client, WS_CLOSE_REASONS.tokenExpired);
    expect(await ws.numsub('s-exp')).toBe(0);
  });
});

describe('/ws connections per address across gateway replicas', () => {
  const prefix = uniquePrefix('gw-ws-cap');
  let gateways: Gateway[] = [];
  const clients: TestClient[] = [];
  beforeAll(async () => {
    gateways = await Promise.all(
      [1, 2].map(() => startGateway({ REDIS_PREFIX: prefix, WS_MAX_CONNECTIONS_PER_IP: '3' })),
    );
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await deleteKeys(gateways[0]!.redis, prefix);
    await Promise.all(gateways.map((gateway) => gateway.close()));
  });
  const connect = async (gateway: Gateway) => {
    const client = await TestClient.open(gateway.url);
    clients.push(client);
    return client;
  };
  /** The test's sockets (all from 127.0.0.1) as Redis counts them, every replica together. */
  const counted = () => gateways[0]!.redis.zcard(`${prefix}:ws:connections:127.0.0.1`);

  it('caps an address on all replicas together: one past WS_MAX_CONNECTIONS_PER_IP anywhere is closed with 1008', async () => {
    const [a, b] = gateways as [Gateway, Gateway];
    const open = [await connect(a), await connect(a), await connect(b)];
    await eventually(async () => (await counted()) === 3);
    const extra = await connect(b);
    await closedWith(extra, WS_CLOSE_REASONS.tooManyConnections);
    expect(open.some((client) => client.closed)).toBe(false);

    await open[0]!.close();
    await eventually(async () => (await counted()) === 2);
    const again = await connect(b);
    await eventually(async () => (await counted()) === 3);
    expect(again.closed).toBe(false);
  });
});
