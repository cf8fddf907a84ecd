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
