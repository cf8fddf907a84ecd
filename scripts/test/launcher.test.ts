// The launcher's pure parts: which deployables it finds, in what order, and each child's settings.
// Its runtime parts (Redis, output, the web build, restarts) are in launcher-runtime.test.ts.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readLauncherConfig } from '../launcher/config.js';
import {
  discoverDeployables,
  orderDeployables,
  withWorkerCopies,
  urlEnvFor,
} from '../launcher/deployables.js';
import { childEnv, type Assigned } from '../launcher/env.js';
import { root as repoRoot } from './helpers/launcher.js';

const tmp = mkdtempSync(path.join(tmpdir(), 'oneeta-launcher-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
describe('deployables', () => {
  it('derives the URL variable from the directory name, and none for workers', () => {
    expect(urlEnvFor('session')).toBe('SESSION_URL');
    expect(urlEnvFor('communication')).toBe('COMMUNICATION_URL');
    expect(urlEnvFor('routing-worker')).toBeUndefined();
  });

  it('starts auth first, the gateway last and the rest in between', () => {
    const order = orderDeployables([
      'apps/gateway',
      'services/session',
      'services/auth',
      'services/routing-worker',
    ]);
    expect(order.map((d) => d.name)).toEqual(['auth', 'session', 'routing-worker', 'gateway']);
    expect(order[0]).toEqual({
      name: 'auth',
      dir: 'services/auth',
      role: 'auth',
      urlEnv: 'AUTH_URL',
    });
    expect(order[2]?.role).toBe('worker');
  });

  it('starts a service after the services it calls (notification reads invites from session)', () => {
    const order = orderDeployables([
      'apps/gateway',
      'services/session',
      'services/notification',
      'services/auth',
      'services/routing',
    ]);
    expect(order.map((d) => d.name)).toEqual([
      'auth',
      'routing',
      'session',
      'notification',
      'gateway',
    ]);
  });

  it('starts communication after session (it asks session who belongs to a session)', () => {
    const order = orderDeployables([
      'apps/gateway',
      'services/communication',
      'services/session',
      'services/auth',
      'services/admin',
    ]);
    expect(order.map((d) => d.name)).toEqual([
      'auth',
      'session',
      'admin',
      'communication',
      'gateway',
    ]);
    expect(order.find((d) => d.name === 'communication')).toEqual({
      name: 'communication',
      dir: 'services/communication',
      role: 'service',
      urlEnv: 'COMMUNICATION_URL',
    });
  });

  it.each([
    ['communication', 'COMMUNICATION_URL'],
    ['billing', 'BILLING_URL'],
  ] as const)(
    'finds services/%s in this repository, so `pnpm start` runs it and the gateway gets %s',
    (name, variable) => {
      const found = discoverDeployables(repoRoot);
      const stack: Assigned[] = found.map((d, i) => ({ ...d, port: 4100 + i }));
      const gateway = stack.find((d) => d.role === 'gateway')!;
      const service = stack.find((d) => d.name === name);
      expect(service, `services/${name} is discovered`).toBeDefined();
      const env = childEnv(
        {},
        gateway,
        stack,
        readLauncherConfig({ INTERNAL_TOKEN: 't' }, [], '/repo'),
        'redis://r:1',
        '/repo',
      );
      expect(env[variable]).toBe(`http://127.0.0.1:${service!.port}`);
    },
  );

  it('runs ROUTING_WORKERS copies of each worker under distinct names', () => {
    const order = orderDeployables(['apps/gateway', 'services/auth', 'services/routing-worker']);
    expect(withWorkerCopies(order, 3).map((d) => [d.name, d.dir])).toEqual([
      ['auth', 'services/auth'],
      ['routing-worker', 'services/routing-worker'],
      ['routing-worker-2', 'services/routing-worker'],
      ['routing-worker-3', 'services/routing-worker'],
      ['gateway', 'apps/gateway'],
    ]);
    expect(readLauncherConfig({ ROUTING_WORKERS: '3' }, [], '/repo').routingWorkers).toBe(3);
    expect(readLauncherConfig({}, [], '/repo').routingWorkers).toBe(1);
    expect(() => readLauncherConfig({ ROUTING_WORKERS: '0' }, [], '/repo')).toThrow(
      'ROUTING_WORKERS must be a whole number from 1 to 16, got "0"',
    );
  });

  it('discovers only directories that have src/main.ts', () => {
    const root = path.join(tmp, 'repo');
    for (const dir of ['services/auth/src', 'services/billing', 'apps/gateway/src']) {
      mkdirSync(path.join(root, dir), { recursive: true });
    }
    writeFileSync(path.join(root, 'services/auth/src/main.ts'), '');
    writeFileSync(path.join(root, 'apps/gateway/src/main.ts'), '');
    expect(discoverDeployables(root).map((d) => d.dir)).toEqual(['services/auth', 'apps/gateway']);
  });
});

describe('config and child env', () => {
  it('works with no env at all', () => {
    const config = readLauncherConfig({}, [], '/repo');
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/repo/.data',
      redisPrefix: 'oneeta',
      watch: false,
    });
    expect(config.internalToken).toMatch(/^[0-9a-f]{48}$/);
    expect(readLauncherConfig({}, [], '/repo').internalToken).not.toBe(config.internalToken);
  });

  it('honours PORT, DATA_DIR, REDIS_PREFIX, INTERNAL_TOKEN and --watch', () => {
    const env = { PORT: '9000', DATA_DIR: '/tmp/x', REDIS_PREFIX: 'two', INTERNAL_TOKEN: 'secret' };
    expect(readLauncherConfig(env, ['--watch'], '/repo')).toEqual({
      routingWorkers: 1,
      port: 9000,
      host: '127.0.0.1',
      dataDir: '/tmp/x',
      redisPrefix: 'two',
      internalToken: 'secret',
      watch: true,
    });
  });

  it('rejects a PORT that is not a port', () => {
    expect(() => readLauncherConfig({ PORT: 'eighty' }, [], '/')).toThrow(
      /PORT must be a port number/,
    );
  });

  it("passes the user's MapLibre settings to the routing service and the gateway", () => {
    const config = readLauncherConfig({ INTERNAL_TOKEN: 't' }, [], '/repo');
    const stack: Assigned[] = [
      {
        name: 'routing',
        dir: 'services/routing',
        role: 'service',
        urlEnv: 'ROUTING_URL',
        port: 4003,
      },
      { name: 'gateway', dir: 'apps/gateway', role: 'gateway', port: 8080 },
    ];
    const map = {
      MAP_STYLE_URL: 'https://tiles.example/style.json',
      MAP_TILE_ORIGINS: 'https://a.tiles.example',
      MAP_ATTRIBUTION: '© OpenStreetMap contributors',
    };
    for (const child of stack) {
      expect(
        childEnv({ PATH: '/bin', ...map }, child, stack, config, 'redis://r:1', '/repo'),
      ).toMatchObject(map);
    }
  });

  it('gives every child its port, the shared settings and every service URL', () => {
    const config = readLauncherConfig({ INTERNAL_TOKEN: 't' }, [], '/repo');
    const stack: Assigned[] = [
      { name: 'auth', dir: 'services/auth', role: 'auth', urlEnv: 'AUTH_URL', port: 4001 },
      { name: 'routing-worker', dir: 'services/routing-worker', role: 'worker', port: 4002 },
      { name: 'gateway', dir: 'apps/gateway', role: 'gateway', port: 8080 },
    ];
    const base = { PATH: '/bin', PORT: '8080', AZURE_MAPS_KEY: 'k' };
    const auth = childEnv(base, stack[0]!, stack, config, 'redis://r:1', '/repo');
    expect(auth).toMatchObject({
      PATH: '/bin',
      AZURE_MAPS_KEY: 'k',
      PORT: '4001',
      HOST: '127.0.0.1',
      DATA_DIR: '/repo/.data',
      REDIS_URL: 'redis://r:1',
      REDIS_PREFIX: 'oneeta',
      INTERNAL_TOKEN: 't',
      AUTH_URL: 'http://127.0.0.1:4001',
      PUBLIC_URL: 'http://localhost:8080',
    });
    expect(auth.WEB_DIST).toBeUndefined();
    const notification = {
      name: 'notification',
      dir: 'services/notification',
      role: 'service' as const,
      urlEnv: 'NOTIFICATION_URL',
      port: 4006,
    };
    expect(
      childEnv(base, notification, [...stack, notification], config, 'redis://r:1', '/repo')
        .PUBLIC_URL,
    ).toBe('http://localhost:8080');
    expect(
      childEnv(
        { ...base, PUBLIC_URL: 'https://oneeta.example' },
        notification,
        [...stack, notification],
        config,
        'redis://r:1',
        '/repo',
      ).PUBLIC_URL,
    ).toBe('https://oneeta.example');
    const communication = {
      name: 'communication',
      dir: 'services/communication',
      role: 'service' as const,
      urlEnv: 'COMMUNICATION_URL',
      port: 4005,
    };
    expect(
      childEnv(base, communication, [...stack, communication], config, 'redis://r:1', '/repo')
        .PUBLIC_URL,
    ).toBe('http://localhost:8080');
    const billing = {
      name: 'billing',
      dir: 'services/billing',
      role: 'service' as const,
      urlEnv: 'BILLING_URL',
      port: 4007,
    };
    expect(
      childEnv(base, billing, [...stack, billing], config, 'redis://r:1', '/repo').PUBLIC_URL,
    ).toBe('http://localhost:8080');
    const gateway = childEnv(base, stack[2]!, stack, config, 'redis://r:1', '/repo');
    expect(gateway).toMatchObject({
      PORT: '8080',
      AUTH_URL: 'http://127.0.0.1:4001',
      WEB_DIST: '/repo/apps/web/dist',
    });
    expect(
      Object.keys(gateway)
        .filter((k) => k.endsWith('_URL'))
        .sort(),
    ).toEqual(['AUTH_URL', 'REDIS_URL']);
  });

  it('gives billing the local test-mode checkout unless BILLING_PROVIDER or Stripe says otherwise, and nobody else', () => {
    const config = readLauncherConfig({}, [], '/repo');
    const billing = {
      name: 'billing',
      dir: 'services/billing',
      role: 'service' as const,
      urlEnv: 'BILLING_URL',
      port: 4007,
    };
    const session = {
      name: 'session',
      dir: 'services/session',
      role: 'service' as const,
      urlEnv: 'SESSION_URL',
      port: 4002,
    };
    const stack = [billing, session];
    const of = (base: Record<string, string>, d = billing) =>
      childEnv(base, d, stack, config, 'redis://r:1', '/repo').BILLING_PROVIDER;
    expect(of({})).toBe('local');
    expect(of({ BILLING_PROVIDER: 'stripe' })).toBe('stripe');
    expect(of({ STRIPE_SECRET_KEY: 'sk_live_x' })).toBeUndefined();
    expect(of({}, session)).toBeUndefined();
  });
});
