// Smoke test of `pnpm start`: the launcher as a child process, driven through the gateway only.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { WebSocket } from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { isPortOpen } from '../launcher/ports.js';
import {
  api,
  dropRedisPrefix,
  spawnLauncher,
  startLauncher,
  type LaunchOptions,
  type RunningLauncher,
} from './helpers/launcher.js';
import { processesWithEnv } from './helpers/procs.js';

const PASSWORD = 'Str0ng!pass';
const running: RunningLauncher[] = [];

afterEach(async () => {
  for (const launcher of running.splice(0)) {
    await launcher.stop();
    rmSync(launcher.dataDir, { recursive: true, force: true });
    await dropRedisPrefix(launcher.redisPrefix);
  }
});

async function launch(name: string, options?: LaunchOptions): Promise<RunningLauncher> {
  const launcher = await startLauncher(name, options);
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

describe('pnpm start', () => {
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

    await sessionFlow(launcher, token);
    await travelFlow(launcher, token);

    const ports = launcher.ports();
    expect(Object.keys(ports)).toEqual(expect.arrayContaining(['auth', 'session', 'gateway']));
    expect(ports.gateway).toBe(launcher.port);
    expect(await launcher.stop(), launcher.output()).toBe(0);
    for (const [name, port] of Object.entries(ports)) {
      expect(await isPortOpen(port), `${name} still listening on ${port}`).toBe(false);
    }
  }, 300_000);

  it('runs two stacks side by side with separate data and signing keys', async () => {
    // One after the other: both start cold on a 2-core machine, and each must be up by itself.
    const a = await launch('a');
    const b = await launch('b');
    const portsA = Object.values(a.ports());
    expect(Object.values(b.ports()).some((port) => portsA.includes(port))).toBe(false);

    const email = `twin-${randomUUID()}@example.com`;
    const tokenA = await registerAndLogin(a, email);
    await registerAndLogin(b, email); // the same e-mail registers again: B has its own database
    expect((await api(`${b.base}/api/auth/me`, { token: tokenA })).status).toBe(401); // and its own key

    expect(await Promise.all([a.stop(), b.stop()])).toEqual([0, 0]);
  }, 420_000);
});

describe('pnpm start on one DATA_DIR', () => {
  it('refuses a second stack on the same data, and a SIGKILLed launcher takes every child with it', async () => {
    const first = await launch('lock');
    const ports = first.ports();
    const ours = () => processesWithEnv('DATA_DIR', first.dataDir);
    // the launcher, its watchdog, auth, session, routing, routing-worker, gateway
    expect(ours().length, JSON.stringify(ours())).toBeGreaterThanOrEqual(6);

    const second = await spawnLauncher('lock-2', { dataDir: first.dataDir });
    expect(await second.exited, second.output()).toBe(1);
    expect(second.output()).toContain(
      `DATA_DIR ${first.dataDir} is in use by another OneETA stack (launcher pid ${first.proc.pid}, serving http://localhost:${first.port}`,
    );
    expect(first.proc.exitCode).toBeNull();
    expect((await api(`${first.base}/api/health`)).status).toBe(200);

    first.proc.kill('SIGKILL');
    await expect
      .poll(() => ours().map((p) => p.cmdline), { timeout: 15_000, interval: 250 })
      .toEqual([]);
    for (const [name, port] of Object.entries(ports))
      expect(await isPortOpen(port), `${name} still listening on ${port}`).toBe(false);

    // The next start on the same data and port is not refused for good: the dead lock goes stale.
    const again = await launch('lock-3', { dataDir: first.dataDir, port: first.port });
    expect((await api(`${again.base}/api/health`)).status).toBe(200);
    expect(await again.stop(), again.output()).toBe(0);
  }, 480_000);
});

/** Two users through the gateway: create, invite, accept, both see each other, close, history. */
async function sessionFlow(launcher: RunningLauncher, ownerToken: string) {
  const base = `${launcher.base}/api/sessions`;
  const guestEmail = `guest-${randomUUID()}@example.com`;
  const guestToken = await registerAndLogin(launcher, guestEmail);
  const sessionId =
    'smk' +
    randomUUID()
      .replace(/[^a-hjkmnp-z2-9]/g, '')
      .slice(0, 4)
      .padEnd(4, 'z');
  const created = await api(base, {
    token: ownerToken,
    body: {
      sessionId,
      destination: {
        id: 'poi-1',
        name: 'Cafe',
        address: '1 Main St',
        position: { lat: 47.61, lon: -122.33 },
      },
      tzId: 'America/Los_Angeles',
      arriveAt: new Date(Date.now() + 2 * 3600_000).toISOString(),
      travelMode: 'car',
      participants: [],
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect((await api(`${base}/${sessionId}`, { token: guestToken })).status).toBe(403);
  const invite = await api(`${base}/${sessionId}/invites`, {
    token: ownerToken,
    body: { name: 'Guest', email: guestEmail },
  });
  const code = (invite.body as { invite: { code: string } }).invite.code;
  const accepted = await api(`${base}/${sessionId}/invite/${code}/accept`, {
    token: guestToken,
    body: { code, lat: 47.7, lon: -122.2 },
  });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  const seen = await api(`${base}/${sessionId}`, { token: guestToken });
  const people = (seen.body as { session: { participants: { status: string }[] } }).session
    .participants;
  expect(people.filter((p) => p.status === 'active')).toHaveLength(2);
  await chatFlow(launcher, sessionId, ownerToken, guestToken);
  expect(
    (await api(`${base}/${sessionId}/close`, { token: ownerToken, body: { confirm: true } }))
      .status,
  ).toBe(200);
  const history = await api(`${base}/mine?status=closed`, { token: ownerToken });
  expect(
    (history.body as { items: { sessionId: string }[] }).items.map((i) => i.sessionId),
  ).toEqual([sessionId]);
}

/**
 * Session chat through the gateway (services/communication): the owner creates the session's
 * thread, the guest gets a chat token for it and posts on /chat in ACS's wire format, the owner reads it.
 */
async function chatFlow(
  launcher: RunningLauncher,
  sessionId: string,
  ownerToken: string,
  guestToken: string,
) {
  const communication = `${launcher.base}/api/communication`;
  const thread = await api(`${communication}/thread`, { token: ownerToken, body: { sessionId } });
  expect(thread.status, JSON.stringify(thread.body)).toBe(200);
  const threadId = (thread.body as { threadId: string }).threadId;
  const guest = await api(`${communication}/token`, { token: guestToken, body: { sessionId } });
  expect(guest.status, JSON.stringify(guest.body)).toBe(200);
  expect((guest.body as { threadId: string }).threadId).toBe(threadId);
  const messages = `${launcher.base}/chat/threads/${encodeURIComponent(threadId)}/messages?api-version=2025-03-15`;
  const sent = await api(messages, {
    token: (guest.body as { token: string }).token,
    body: { content: 'parking on 3rd' },
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  const owner = await api(`${communication}/token`, { token: ownerToken, body: { sessionId } });
  const listed = await api(messages, { token: (owner.body as { token: string }).token });
  expect(listed.status).toBe(200);
  const texts = (
    listed.body as unknown as { value: { type: string; content?: { message?: string } }[] }
  ).value;
  expect(texts.find((m) => m.type === 'text')?.content?.message).toBe('parking on 3rd');
}

/**
 * The travel-time pipeline end to end (session → queue → routing worker → travel.computed →
 * session → /ws): three positioned participants all get travel results within 5 s of the last
 * position update, and a /ws subscriber is nudged with refresh-session.
 */
async function travelFlow(launcher: RunningLauncher, token: string) {
  const base = `${launcher.base}/api/sessions`;
  const put = (body: unknown) =>
    fetch(`${launcher.base}/api/location`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
  const sessionId =
    'trv' +
    randomUUID()
      .replace(/[^a-hjkmnp-z2-9]/g, '')
      .slice(0, 4)
      .padEnd(4, 'z');
  const created = await api(base, {
    token,
    body: {
      sessionId,
      destination: {
        id: 'poi-2',
        name: 'Pier',
        address: '2 Main St',
        position: { lat: 47.61, lon: -122.33 },
      },
      tzId: 'America/Los_Angeles',
      arriveAt: new Date(Date.now() + 3 * 3600_000).toISOString(),
      travelMode: 'car',
      participants: [
        { id: 'g1', name: 'Ana', lat: 47.5, lon: -122.2 },
        { id: 'g2', name: 'Bo', lat: 47.7, lon: -122.4 },
      ],
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);

  const ws = new WebSocket(`${launcher.base.replace('http', 'ws')}/ws`);
  const messages: { type: string; sessionId?: string }[] = [];
  ws.on('message', (data) => messages.push(JSON.parse(String(data))));
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  ws.send(JSON.stringify({ action: 'subscribe', sessionId, token }));
  await until(() => messages.some((m) => m.type === 'subscribed'), 15_000);

  const last = Date.now();
  const moved = await put({ latitude: 47.55, longitude: -122.25, accuracy: 5, timestamp: last });
  expect(moved.status).toBe(200);
  type P = {
    id: string;
    travelTimeSeconds: number | null;
    departureTime: string | null;
    updatedAt: string;
  };
  const withTravel = async () => {
    const seen = await api(`${base}/${sessionId}`, { token });
    const people = (seen.body as unknown as { session: { participants: P[] } }).session
      .participants;
    return people.filter(
      (p) => p.travelTimeSeconds !== null && Date.parse(p.updatedAt) >= last - 1000,
    );
  };
  await until(async () => (await withTravel()).length === 3, 30_000);
  for (const p of await withTravel()) expect(p.departureTime).toEqual(expect.any(String));
  await until(
    () => messages.some((m) => m.type === 'refresh-session' && m.sessionId === sessionId),
    15_000,
  );
  ws.close();
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
