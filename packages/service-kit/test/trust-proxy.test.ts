import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig, trustProxyEnvSchema, trustProxySetting } from '../src/config.js';
import { createHttpApp, type App } from '../src/http.js';

/** An app answering the client address, protocol and host it believes. */
function whoAmI(trustProxy?: Parameters<typeof createHttpApp>[0]['trustProxy']): App {
  const app = createHttpApp({
    name: 'trust-test',
    logLevel: 'silent',
    metrics: false,
    ...(trustProxy === undefined ? {} : { trustProxy }),
  });
  app.get('/who', async (request) => ({
    ip: request.ip,
    protocol: request.protocol,
    host: request.host,
  }));
  return app;
}
const ask = async (app: App, remoteAddress: string, headers: Record<string, string>) =>
  (
    await app.inject({
      method: 'GET',
      url: '/who',
      remoteAddress,
      headers: { host: 'svc:3000', ...headers },
    })
  ).json<{ ip: string; protocol: string; host: string }>();

let app: App | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
  delete process.env.TRUST_PROXY;
});

describe('whose X-Forwarded-For a service believes (TRUST_PROXY)', () => {
  it('by default believes the gateway on the private network, so two people behind it are two addresses', async () => {
    app = whoAmI();
    const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'oneeta.example' };
    expect(
      await ask(app, '172.18.0.5', { 'x-forwarded-for': '203.0.113.1', ...forwarded }),
    ).toEqual({ ip: '203.0.113.1', protocol: 'https', host: 'oneeta.example' });
    expect((await ask(app, '172.18.0.5', { 'x-forwarded-for': '203.0.113.2' })).ip).toBe(
      '203.0.113.2',
    );
    // The gateway behind a balancer: its chain's left end is the client.
    expect((await ask(app, '10.1.2.3', { 'x-forwarded-for': '203.0.113.3, 10.0.0.9' })).ip).toBe(
      '203.0.113.3',
    );
    expect((await ask(app, '127.0.0.1', { 'x-forwarded-for': '203.0.113.4' })).ip).toBe(
      '203.0.113.4',
    );
  });

  it('ignores the headers of a sender off the trusted network: it cannot pick its own address', async () => {
    app = whoAmI();
    expect(
      await ask(app, '198.51.100.7', {
        'x-forwarded-for': '203.0.113.9',
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'evil.example',
      }),
    ).toEqual({ ip: '198.51.100.7', protocol: 'http', host: 'svc:3000' });
  });

  it('reads the trusted peers from TRUST_PROXY; none believes nobody', async () => {
    process.env.TRUST_PROXY = '10.0.0.0/8';
    app = whoAmI();
    expect((await ask(app, '10.0.0.4', { 'x-forwarded-for': '203.0.113.1' })).ip).toBe(
      '203.0.113.1',
    );
    expect((await ask(app, '172.18.0.5', { 'x-forwarded-for': '203.0.113.1' })).ip).toBe(
      '172.18.0.5',
    );
    await app.close();
    process.env.TRUST_PROXY = 'none';
    app = whoAmI();
    expect((await ask(app, '127.0.0.1', { 'x-forwarded-for': '203.0.113.1' })).ip).toBe(
      '127.0.0.1',
    );
    expect(
      loadConfig(trustProxyEnvSchema, { TRUST_PROXY: ' 10.0.0.0/8 , loopback ' }).TRUST_PROXY,
    ).toEqual(['10.0.0.0/8', 'loopback']);
  });

  it('takes another default where an app faces the clients (the gateway: none)', () => {
    const gatewayLike = z.object({ TRUST_PROXY: trustProxySetting('none') });
    expect(loadConfig(gatewayLike, {}).TRUST_PROXY).toBe(false);
    expect(loadConfig(gatewayLike, { TRUST_PROXY: 'uniquelocal' }).TRUST_PROXY).toEqual([
      'uniquelocal',
    ]);
  });
});
