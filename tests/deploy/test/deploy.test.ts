// `pnpm test:deploy`: the images built here, docker-compose.yml started with 2 of every service,
// 2 gateways behind the balancer and 3 route workers, and driven as people use it: (a) the product
// across replicas, (b) one replica of every service and one worker killed mid-burst, (c) a rolling
// restart of every container under a steady load. The figures go to the log as `deploy[...]` lines.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { burstThrough } from '@oneeta/faults/scenario';
import { waitUntil } from '@oneeta/faults/wait';
import { call, subscribe, type World } from '@oneeta/faults/world';
import { findFreePort } from '@oneeta/scripts/ports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineStack, down, REPLICAS, up, type Stack } from '../src/compose.js';
import { failures, rollingRestart, steadyLoad, waitHealthy } from '../src/load.js';
import { imageSizes, prepareImages } from '../src/prepare.js';
import {
  CENTRALIA,
  chat,
  checkout,
  emailsTo,
  EVERETT,
  inAppKinds,
  inviteAndAccept,
  newSessionId,
  participants,
  registerVerified,
  saveSession,
  type Person,
} from '../src/product.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const logDir = mkdtempSync(path.join(tmpdir(), 'oneeta-deploy-log-'));
const figure = (name: string, value: unknown) =>
  console.log(`deploy[${name}]: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
let stack: Stack;
/** The session of (a), its people, and what they must have received exactly once. */
let first: { sessionId: string; owner: Person; guest: Person } | undefined;

beforeAll(async () => {
  const prepared = await prepareImages(root, logDir);
  figure(
    'build',
    `stand-in bases ${prepared.baseSeconds} s, images ${prepared.imageSeconds} s (log: ${logDir}/images.log)`,
  );
  stack = defineStack({
    root,
    project: `oneeta-deploy-${randomBytes(3).toString('hex')}`,
    port: await findFreePort(),
    internalToken: randomBytes(24).toString('hex'),
  });
  figure('image sizes MB', await imageSizes(stack.docker, Object.keys(REPLICAS)));
  const started = Date.now();
  await up(stack);
  const containers = await stack.containers();
  figure(
    'start-up',
    `${containers.length} containers healthy ${((Date.now() - started) / 1000).toFixed(0)} s after \`up\``,
  );
  expect(containers.filter((c) => c.health !== 'healthy' && c.health !== 'running')).toEqual([]);
});

afterAll(async () => {
  if (!stack) return;
  if (process.env.DEPLOY_KEEP) {
    console.log(`DEPLOY_KEEP: left running as compose project ${stack.project} on ${stack.base}`);
    return;
  }
  await down(stack);
});

describe('docker compose with replicas', () => {
  it('(a) registers, invites, routes across gateways, chats, reminds, alerts and sells once each', async () => {
    const gateways = await stack.containers('gateway');
    expect(gateways).toHaveLength(REPLICAS.gateway!);
    const [gwA, gwB] = gateways.map((g) => `http://${g.ip}:8080`) as [string, string];

    const owner = await registerVerified(stack, stack.base, 'Olga Owner');
    const guest = await registerVerified(stack, stack.base, 'Ben Driver');
    const sessionId = newSessionId();
    await saveSession(gwA, owner, sessionId, new Date(Date.now() + 3 * 3600_000));
    await inviteAndAccept(gwA, owner, sessionId, guest, EVERETT);
    first = { sessionId, owner, guest };

    // A subscriber on the other gateway hears the travel results of a write through the first.
    const world: World = {
      base: gwB,
      sessionId,
      owner: { userId: owner.userId, token: owner.token, index: 0 },
      movers: [],
    };
    const ws = subscribe(world);
    try {
      await waitUntil(() => ws.connects() > 0, 10_000, 'the subscriber on gateway B is connected');
      await new Promise((resolve) => setTimeout(resolve, 500));
      const wrote = Date.now();
      const put = await call(`${gwA}/api/location`, {
        method: 'PUT',
        token: guest.token,
        body: {
          latitude: EVERETT.lat + 0.01,
          longitude: EVERETT.lon,
          accuracy: 5,
          timestamp: wrote,
        },
      });
      expect(put.status).toBe(200);
      await waitUntil(
        async () =>
          ws.refreshes.some((t) => t >= wrote) &&
          (await participants(gwB, owner.token, sessionId)).every(
            (p) => p.travelTimeSeconds !== null,
          ),
        60_000,
        'gateway B nudges its subscriber and shows everyone’s travel time',
        250,
      );
      figure(
        'cross-gateway',
        `write on A → refresh on B ${ws.refreshes.find((t) => t >= wrote)! - wrote} ms`,
      );
    } finally {
      ws.close();
    }

    await chat(stack.base, sessionId, owner, guest, 'parking on 3rd');

    // A checkout: Olga's plan becomes Standard, which lets her edit the saved session.
    await checkout(stack.base, owner);
    // A reminder: the arrival set so that Ben must leave in 25 s.
    const ben = (await participants(stack.base, owner.token, sessionId)).find(
      (p) => p.userId === guest.userId,
    )!;
    await saveSession(
      stack.base,
      owner,
      sessionId,
      new Date(Date.now() + ben.travelTimeSeconds! * 1000 + 25_000),
    );
    await waitUntil(
      async () => ((await inAppKinds(stack, guest.userId, sessionId))['leave-now'] ?? 0) > 0,
      90_000,
      'Ben gets “Time to leave”',
      500,
    );
    // Late: Olga is far south; the live check finds her late and tells Ben.
    const moved = await call(`${stack.base}/api/location`, {
      method: 'PUT',
      token: owner.token,
      body: {
        latitude: CENTRALIA.lat,
        longitude: CENTRALIA.lon,
        accuracy: 5,
        timestamp: Date.now(),
      },
    });
    expect(moved.status).toBe(200);
    await waitUntil(
      async () => ((await inAppKinds(stack, guest.userId, sessionId)).late ?? 0) > 0,
      90_000,
      'Ben hears that Olga is late',
      500,
    );
    // Several live checks and deliveries later: still once each.
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    await expectDeliveredOnce();
  });

  it('(b) loses nothing when one replica of every service and one worker are killed mid-burst', async () => {
    const killed: string[] = [];
    const invited: { email: string; status: number }[] = [];
    const numbers = await burstThrough(
      'deploy-kill',
      () => stack.base,
      async (_world, faultBegan) => {
        const startedAt = Date.now();
        // Invites to (a)'s session (a paid plan's room) in flight while the replicas die: each
        // e-mail at most once, and once if the invite was acknowledged.
        const { owner, sessionId } = first!;
        const invites = Array.from({ length: 4 }, async (_, i) => {
          const email = `deploy-kill-${i}-${randomBytes(3).toString('hex')}@example.com`;
          const answer = await call(`${stack.base}/api/sessions/${sessionId}/invites`, {
            method: 'POST',
            token: owner.token,
            body: { name: `Kill ${i}`, email },
          });
          invited.push({ email, status: answer.status });
        });
        for (const service of Object.keys(REPLICAS))
          killed.push((await stack.containers(service))[0]!.id);
        await stack.docker('kill', '--signal', 'KILL', ...killed);
        faultBegan(Date.now());
        await Promise.all(invites);
        return { startedAt, endedAt: Date.now() };
      },
    );
    figure(
      'kill',
      `${killed.length} containers killed; ${numbers.writes.length} location writes, ${numbers.writes.filter((w) => w.status >= 500 || w.status === 0).length} failed`,
    );
    const started = Date.now();
    await stack.docker('start', ...killed);
    for (const id of killed) await waitHealthy(stack, id);
    figure(
      'kill recovery',
      `every killed container healthy again ${((Date.now() - started) / 1000).toFixed(0)} s after its start`,
    );

    await new Promise((resolve) => setTimeout(resolve, 5_000));
    for (const { email, status } of invited) {
      const sent = [...(await emailsTo(stack, email)).values()].reduce((a, b) => a + b, 0);
      if (status >= 200 && status < 300) expect({ email, sent }).toEqual({ email, sent: 1 });
      else expect(sent, `${email} (answer ${status})`).toBeLessThanOrEqual(1);
    }
    figure(
      'kill invites',
      invited.map((i) => i.status),
    );
    await expectDeliveredOnce();
  });

  it('(c) restarts every container one at a time under a steady load with no failed request', async () => {
    const { owner, sessionId } = first!;
    const load = steadyLoad(stack.base, { token: owner.token, sessionId });
    // Every service, the gateways last (the balancer in front of them is the one entrance).
    const order = [...Object.keys(REPLICAS).filter((name) => name !== 'gateway'), 'gateway'];
    const started = Date.now();
    let restarted: Awaited<ReturnType<typeof rollingRestart>> = [];
    try {
      await waitUntil(() => load.outcomes.length >= 20, 30_000, 'the load is under way');
      restarted = await rollingRestart(stack, order);
    } finally {
      await load.stop();
    }
    const failed = failures(load.outcomes);
    figure(
      'rolling restart',
      `${restarted.length} containers in ${((Date.now() - started) / 1000).toFixed(0)} s (each ${restarted.map((r) => r.seconds.toFixed(0)).join(', ')} s); ` +
        `${load.outcomes.length} requests, ${failed.length} failed`,
    );
    expect(
      failed.map(
        (f) =>
          `${f.what} ${f.status} at +${((f.at - started) / 1000).toFixed(1)} s, ` +
          `restarting ${restarted.findLast((r) => r.at <= f.at)?.container ?? 'none yet'}: ${f.said}`,
      ),
    ).toEqual([]);
    expect(restarted).toHaveLength(Object.values(REPLICAS).reduce((a, b) => a + b, 0));
  }, 1_200_000);
});

/** Ben's e-mails, reminder and late alert of (a), once each whatever happened since. */
async function expectDeliveredOnce(): Promise<void> {
  const { owner, guest, sessionId } = first!;
  // The verification e-mail; the invitation too if it went out before Ben accepted (an invite
  // answered first is not mailed).
  const mail = Object.fromEntries(await emailsTo(stack, guest.email));
  expect(mail).toMatchObject({ 'Verify your e-mail for OneETA': 1 });
  expect(
    Object.values(mail).filter((n) => n !== 1),
    JSON.stringify(mail),
  ).toEqual([]);
  const guestKinds = await inAppKinds(stack, guest.userId, sessionId);
  figure('in-app', { guest: guestKinds, owner: await inAppKinds(stack, owner.userId, sessionId) });
  expect(guestKinds['leave-now']).toBe(1);
  expect(guestKinds.late).toBe(1);
}
