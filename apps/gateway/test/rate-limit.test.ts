import { deleteKeys, uniquePrefix } from '@oneeta/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJson, startEcho, startGateway, type ErrorBody, type Gateway } from './helpers.js';

const prefix = uniquePrefix('gw-rl');
let first: Gateway;
let second: Gateway;
let auth: Awaited<ReturnType<typeof startEcho>>;

beforeAll(async () => {
  auth = await startEcho('auth');
  const env = { REDIS_PREFIX: prefix, AUTH_URL: auth.url, RATE_LIMIT_PER_MINUTE: '3' };
  [first, second] = await Promise.all([startGateway(env), startGateway(env)]);
});

afterAll(async () => {
  await deleteKeys(first.redis, prefix);
  await Promise.all([first.close(), second.close(), auth.app.close()]);
});

describe('per-IP rate limit', () => {
  it('answers 429 past the limit, counting across gateway processes through Redis', async () => {
    expect((await fetch(`${first.url}/api/auth/me`)).status).toBe(200);
    expect((await fetch(`${second.url}/api/auth/me`)).status).toBe(200);
    expect((await fetch(`${first.url}/api/nope`)).status).toBe(404);

    const limited = await fetch(`${second.url}/api/auth/me`);
    expect(limited.status).toBe(429);
    const body = await readJson<ErrorBody>(limited);
    expect(body.error).toMatch(/^Too many requests\. Try again in \d+s$/);
    const seconds = Number(/in (\d+)s/.exec(body.error)?.[1]);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(limited.headers.get('retry-after')).toBe(String(seconds));

    expect(await first.redis.exists(`${prefix}:rl:gw:127.0.0.1`)).toBe(1);
  });

  it('leaves /api/health and the gateway probes out of the limit', async () => {
    for (let i = 0; i < 5; i += 1) {
      expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
      expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
    }
  });
});

describe('per-IP rate limit behind a load balancer (TRUSTED_PROXY_HOPS)', () => {
  const behindPrefix = uniquePrefix('gw-rl-lb');
  let a: Gateway;
  let b: Gateway;
  beforeAll(async () => {
    const env = {
      REDIS_PREFIX: behindPrefix,
      AUTH_URL: auth.url,
      RATE_LIMIT_PER_MINUTE: '2',
      TRUSTED_PROXY_HOPS: '1',
    };
    [a, b] = await Promise.all([startGateway(env), startGateway(env)]);
  });
  afterAll(async () => {
    await deleteKeys(a.redis, behindPrefix);
    await Promise.all([a.close(), b.close()]);
  });
  // The balancer appends the address it saw to whatever the client sent.
  const via = (gateway: Gateway, client: string, sent?: string) =>
    fetch(`${gateway.url}/api/auth/me`, {
      headers: { 'x-forwarded-for': sent ? `${sent}, ${client}` : client },
    }).then((r) => r.status);

  it("limits each person on their own across replicas, not the balancer's one address", async () => {
    expect(await via(a, '203.0.113.1')).toBe(200);
    expect(await via(b, '203.0.113.1')).toBe(200);
    expect(await via(a, '203.0.113.1')).toBe(429);
    expect(await via(b, '203.0.113.2')).toBe(200);
    expect(await via(a, '203.0.113.2')).toBe(200);
    expect(await via(b, '203.0.113.2')).toBe(429);
  });

  it('ignores the X-Forwarded-For entries a client writes itself', async () => {
    expect(await via(a, '203.0.113.3', '198.51.100.1')).toBe(200);
    expect(await via(b, '203.0.113.3', '198.51.100.2')).toBe(200);
    expect(await via(a, '203.0.113.3', '198.51.100.3')).toBe(429);
  });
});

describe('per-IP rate limit with no trusted proxy (the default)', () => {
  const directPrefix = uniquePrefix('gw-rl-direct');
  let direct: Gateway;
  beforeAll(async () => {
    direct = await startGateway({
      REDIS_PREFIX: directPrefix,
      AUTH_URL: auth.url,
      RATE_LIMIT_PER_MINUTE: '2',
    });
  });
  afterAll(async () => {
    await deleteKeys(direct.redis, directPrefix);
    await direct.close();
  });

  it("keys on the socket peer: a sender's X-Forwarded-For does not buy a fresh limit", async () => {
    const send = (ip: string) =>
      fetch(`${direct.url}/api/auth/me`, { headers: { 'x-forwarded-for': ip } }).then(
        (r) => r.status,
      );
    expect(await send('198.51.100.1')).toBe(200);
    expect(await send('198.51.100.2')).toBe(200);
    expect(await send('198.51.100.3')).toBe(429);
    expect(await direct.redis.exists(`${directPrefix}:rl:gw:127.0.0.1`)).toBe(1);
    expect(await direct.redis.exists(`${directPrefix}:rl:gw:198.51.100.3`)).toBe(0);
  });
});
