// Smoke test of `pnpm start`: the launcher as a child process, driven through the gateway only.
import { randomUUID } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isPortOpen } from '../launcher/ports.js';
import {
  api,
  dropRedisPrefix,
  root,
  startLauncher,
  type RunningLauncher,
} from './helpers/launcher.js';

const ready = ['services/auth/src/main.ts', 'apps/gateway/src/main.ts'].every((f) =>
  existsSync(path.join(root, f)),
);
const PASSWORD = 'Str0ng!pass';
const running: RunningLauncher[] = [];

afterEach(async () => {
  for (const launcher of running.splice(0)) {
    await launcher.stop();
    rmSync(launcher.dataDir, { recursive: true, force: true });
    await dropRedisPrefix(launcher.redisPrefix);
  }
});

async function launch(name: string): Promise<RunningLauncher> {
  const launcher = await startLauncher(name);
  running.push(launcher);
  return launcher;
}

async function registerAndLogin(launcher: RunningLauncher, email: string): Promise<string> {
  const auth = `${launcher.base}/api/auth`;
  const registered = await api(`${auth}/register`, {
    body: { email, password: PASSWORD, name: 'Smoke' },
  });
  expect(registered.status, JSON.stringify(registered.body)).toBeLessThan(300);
  expect(registered.body?.token).toEqual(expect.any(String));
  const login = await api(`${auth}/login`, { body: { email, password: PASSWORD } });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  expect(login.body?.token).toEqual(expect.any(String));
  return login.body?.token ?? '';
}

describe.skipIf(!ready)('pnpm start (needs services/auth and apps/gateway)', () => {
  it('serves health and the auth API through the gateway, and stops every child on SIGTERM', async () => {
    const launcher = await launch('one');
    const health = await api(`${launcher.base}/api/health`);
    expect(health.status).toBe(200);
    expect(health.body?.time).toBeDefined();

    const email = `smoke-${randomUUID()}@example.com`;
    const token = await registerAndLogin(launcher, email);
    const me = await api(`${launcher.base}/api/auth/me`, { token });
    expect(me.status).toBe(200);
    expect(me.body?.user?.email).toBe(email);

    const ports = launcher.ports();
    expect(Object.keys(ports)).toEqual(expect.arrayContaining(['auth', 'gateway']));
    expect(ports.gateway).toBe(launcher.port);
    expect(await launcher.stop(), launcher.output()).toBe(0);
    for (const [name, port] of Object.entries(ports)) {
      expect(await isPortOpen(port), `${name} still listening on ${port}`).toBe(false);
    }
  }, 180_000);

  it('runs two stacks side by side with separate data and signing keys', async () => {
    const [a, b] = await Promise.all([launch('a'), launch('b')]);
    const portsA = Object.values(a.ports());
    expect(Object.values(b.ports()).some((port) => portsA.includes(port))).toBe(false);

    const email = `twin-${randomUUID()}@example.com`;
    const tokenA = await registerAndLogin(a, email);
    await registerAndLogin(b, email); // the same e-mail registers again: B has its own database
    expect((await api(`${b.base}/api/auth/me`, { token: tokenA })).status).toBe(401); // and its own key

    expect(await Promise.all([a.stop(), b.stop()])).toEqual([0, 0]);
  }, 240_000);
});
