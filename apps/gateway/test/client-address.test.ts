// Whose address the per-IP rate limit, the /ws per-address cap and the upstream's X-Forwarded-For
// name: X-Forwarded-For is believed only from the peers TRUST_PROXY names (none by default).
import { WS_CLOSE_REASONS } from '@oneeta/contracts';
import { deleteKeys, eventually, uniquePrefix } from '@oneeta/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJson, startEcho, startGateway, type Echoed, type Gateway } from './helpers.js';
import { TestClient } from './ws-fixture.js';

let auth: Awaited<ReturnType<typeof startEcho>>;
const gateways: Array<{ gateway: Gateway; prefix: string }> = [];
const clients: TestClient[] = [];

/** A gateway on its own Redis prefix (unless given), closed after the file. */
async function start(env: Record<string, string>, prefix = uniquePrefix('gw-addr')) {
  const gateway = await startGateway({ REDIS_PREFIX: prefix, AUTH_URL: auth.url, ...env });
  gateways.push({ gateway, prefix });
  return { gateway, prefix };
}

beforeAll(async () => {
  auth = await startEcho('auth');
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  for (const { gateway, prefix } of gateways) await deleteKeys(gateway.redis, prefix);
  await Promise.all([...gateways.map(({ gateway }) => gateway.close()), auth.app.close()]);
});

/** GET /api/auth/me (the echo upstream): the status and the headers that reached the upstream. */
async function me(gateway: Gateway, headers: Record<string, string> = {}) {
  const response = await fetch(`${gateway.url}/api/auth/me`, { headers });
  const upstream = response.status === 200 ? (await readJson<Echoed>(response)).headers : {};
  return { status: response.status, upstream };
}

const limitedKey = (prefix: string, ip: string) => `${prefix}:rl:gw:${ip}`;

describe('behind a balancer TRUST_PROXY names', () => {
  const prefix = uniquePrefix('gw-addr-lb');
  let a: Gateway;
  let b: Gateway;
  beforeAll(async () => {
    // The balancer reaches the gateways over loopback; an inner one sits at 10.x.
    const env = { TRUST_PROXY: ' loopback , 10.0.0.0/8 ', RATE_LIMIT_PER_MINUTE: '2' };
    [{ gateway: a }, { gateway: b }] = await Promise.all([start(env, prefix), start(env, prefix)]);
  });
  // The balancer appends the address it saw to whatever the client sent.
  const via = async (gateway: Gateway, client: string, sent?: string) =>
    (await me(gateway, { 'x-forwarded-for': sent ? `${sent}, ${client}` : client })).status;

  it("limits each person on their own across replicas, not the balancer's one address", async () => {
    expect(await via(a, '203.0.113.1')).toBe(200);
    expect(await via(b, '203.0.113.1')).toBe(200);
    expect(await via(a, '203.0.113.1')).toBe(429);
    expect(await via(b, '203.0.113.2')).toBe(200);
    expect(await via(a, '203.0.113.2')).toBe(200);
    expect(await via(b, '203.0.113.2')).toBe(429);
    expect(await a.redis.exists(limitedKey(prefix, '127.0.0.1'))).toBe(0);
  });

  it('ignores the X-Forwarded-For entries a client writes itself', async () => {
    expect(await via(a, '203.0.113.3', '198.51.100.1')).toBe(200);
    expect(await via(b, '203.0.113.3', '198.51.100.2')).toBe(200);
    expect(await via(a, '203.0.113.3', '198.51.100.3')).toBe(429);
  });

  it("passes the client and every trusted proxy upstream, with the balancer's proto and host", async () => {
    const { status, upstream } = await me(a, {
      'x-forwarded-for': '6.6.6.6, 203.0.113.4, 10.1.2.3',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'oneeta.example',
    });
    expect(status).toBe(200);
    expect(upstream).toMatchObject({
      'x-forwarded-for': '203.0.113.4, 10.1.2.3, 127.0.0.1',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'oneeta.example',
    });
    expect(await a.redis.exists(limitedKey(prefix, '203.0.113.4'))).toBe(1);
  });
});

describe('a peer TRUST_PROXY does not name', () => {
  let gateway: Gateway;
  let prefix: string;
  beforeAll(async () => {
    // A hop count in the env is no setting: only the peer's address decides.
    ({ gateway, prefix } = await start({
      TRUST_PROXY: '10.0.0.0/8',
      TRUSTED_PROXY_HOPS: '1',
      RATE_LIMIT_PER_MINUTE: '2',
    }));
  });

  it('is limited by its own socket address, whatever X-Forwarded-For it sends', async () => {
    const spoof = (ip: string) =>
      me(gateway, {
        'x-forwarded-for': ip,
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'evil.example',
      });
    const first = await spoof('198.51.100.1');
    expect(first.status).toBe(200);
    expect(first.upstream).toMatchObject({
      'x-forwarded-for': '127.0.0.1',
      'x-forwarded-proto': 'http',
      'x-forwarded-host': new URL(gateway.url).host,
    });
    expect((await spoof('198.51.100.2')).status).toBe(200);
    expect((await spoof('198.51.100.3')).status).toBe(429);
    expect(await gateway.redis.exists(limitedKey(prefix, '127.0.0.1'))).toBe(1);
    expect(await gateway.redis.exists(limitedKey(prefix, '198.51.100.1'))).toBe(0);
  });
});

describe('no trusted proxy (the default)', () => {
  let gateway: Gateway;
  let prefix: string;
  beforeAll(async () => {
    ({ gateway, prefix } = await start({ RATE_LIMIT_PER_MINUTE: '2' }));
  });

  it("keys on the socket peer: a sender's X-Forwarded-For does not buy a fresh limit", async () => {
    const send = async (ip: string) => (await me(gateway, { 'x-forwarded-for': ip })).status;
    expect(await send('198.51.100.1')).toBe(200);
    expect(await send('198.51.100.2')).toBe(200);
    expect(await send('198.51.100.3')).toBe(429);
    expect(await gateway.redis.exists(limitedKey(prefix, '127.0.0.1'))).toBe(1);
    expect(await gateway.redis.exists(limitedKey(prefix, '198.51.100.3'))).toBe(0);
  });
});

describe('/ws connections per address', () => {
  const cap = { WS_MAX_CONNECTIONS_PER_IP: '1' };
  let trusted: { gateway: Gateway; prefix: string };
  let untrusted: { gateway: Gateway; prefix: string };
  beforeAll(async () => {
    [trusted, untrusted] = await Promise.all([
      start({ ...cap, TRUST_PROXY: 'loopback' }),
      start({ ...cap, TRUST_PROXY: '10.0.0.0/8', TRUSTED_PROXY_HOPS: '1' }),
    ]);
  });
  const open = async (gateway: Gateway, forwardedFor: string) => {
    const client = await TestClient.open(gateway.url, {
      headers: { 'x-forwarded-for': forwardedFor },
    });
    clients.push(client);
    return client;
  };
  /** Sockets Redis counts for an address, every replica together. */
  const counted = ({ gateway, prefix }: typeof trusted, ip: string) =>
    gateway.redis.zcard(`${prefix}:ws:connections:${ip}`);
  const closedAsTooMany = (client: TestClient) =>
    eventually(() => client.closed, { timeoutMs: 5000 }).then(() =>
      expect({ code: client.closeCode, reason: client.closeReason }).toEqual({
        code: 1008,
        reason: WS_CLOSE_REASONS.tooManyConnections,
      }),
    );

  it('counts each client behind a trusted balancer on its own', async () => {
    const first = await open(trusted.gateway, '203.0.113.1');
    const second = await open(trusted.gateway, '203.0.113.2');
    await eventually(async () => (await counted(trusted, '203.0.113.1')) === 1);
    await eventually(async () => (await counted(trusted, '203.0.113.2')) === 1);
    await closedAsTooMany(await open(trusted.gateway, '198.51.100.9, 203.0.113.1'));
    expect([first.closed, second.closed]).toEqual([false, false]);
    expect(await counted(trusted, '127.0.0.1')).toBe(0);
  });

  it('counts an untrusted peer by its own address, whatever X-Forwarded-For it sends', async () => {
    const first = await open(untrusted.gateway, '203.0.113.1');
    await eventually(async () => (await counted(untrusted, '127.0.0.1')) === 1);
    await closedAsTooMany(await open(untrusted.gateway, '203.0.113.2'));
    expect(first.closed).toBe(false);
    expect(await counted(untrusted, '203.0.113.1')).toBe(0);
  });
});
