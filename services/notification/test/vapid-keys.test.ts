import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@oneeta/service-kit';
import { configSchema } from '../src/config.js';
import { generateVapidKeys } from '../src/providers/push.js';
import { fakeSubscription, listDevices, subscribe } from './factories.js';
import { bearer, startNotification } from './helpers.js';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

const vapidKeyOf = async (h: Awaited<ReturnType<typeof startNotification>>, token: string) =>
  (
    await h.app.inject({ method: 'GET', url: '/api/push/vapidPublicKey', headers: bearer(token) })
  ).json() as { publicKey: string };

describe('VAPID keys', () => {
  it('generates a pair on first start and keeps it, and the subscriptions, across a restart on the same data folder', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'oneeta-notification-'));
    dirs.push(dataDir);
    const first = await startNotification({}, { dataDir });
    const u = await first.user();
    const { publicKey } = await vapidKeyOf(first, u.token);
    const sub = fakeSubscription();
    await subscribe(first, u.token, sub);
    await first.close();

    const second = await startNotification({}, { dataDir });
    try {
      // The same account signing in again (the restarted harness has its own token issuer).
      const again = await second.user({ id: u.id, email: u.email });
      expect(await vapidKeyOf(second, again.token)).toEqual({ publicKey });
      expect(second.vapid.privateKey).toBe(first.vapid.privateKey);
      expect((await listDevices(second, again.token)).map((d) => d.endpoint)).toEqual([
        sub.endpoint,
      ]);
    } finally {
      await second.close();
    }
  });

  it('uses the pair given by VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY', async () => {
    const keys = generateVapidKeys();
    const h = await startNotification({
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
    });
    try {
      const u = await h.user();
      expect(await vapidKeyOf(h, u.token)).toEqual({ publicKey: keys.publicKey });
    } finally {
      await h.close();
    }
  });

  it('refuses to start with only one half of the pair, or a subject that is not mailto: or https:', () => {
    expect(() => loadConfig(configSchema, { VAPID_PUBLIC_KEY: 'abc' })).toThrow(
      /VAPID_PRIVATE_KEY/,
    );
    expect(() => loadConfig(configSchema, { VAPID_SUBJECT: 'http://example.com' })).toThrow(
      /VAPID_SUBJECT/,
    );
  });
});
