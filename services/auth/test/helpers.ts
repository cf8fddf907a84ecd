import { fileURLToPath } from 'node:url';
import { loadConfig } from '@oneeta/service-kit';
import { openTestInfra, TEST_INTERNAL_TOKEN } from '@oneeta/service-kit/testing';
import { buildApp } from '../src/app.js';
import { configSchema } from '../src/config.js';
import { loadKeyRing } from '../src/keys.js';
import { createOutboxSms } from '../src/providers/sms.js';

export const MIGRATIONS = fileURLToPath(new URL('../src/store/migrations', import.meta.url));
export const INTERNAL_TOKEN = TEST_INTERNAL_TOKEN;
export const ADMIN_EMAIL = 'Boss@OneETA.test';

/** The auth app over a fresh database and a unique Redis namespace; `close()` removes both. */
export async function startAuth(env: Record<string, string> = {}) {
  const infra = await openTestInfra('auth', MIGRATIONS);
  const { prefix, database, redis, bus } = infra;
  const config = loadConfig(configSchema, {
    ...infra.env,
    ADMIN_EMAIL,
    AUTH_MAX_PER_IP_PER_MINUTE: '1000',
    ...env,
  });
  const keys = await loadKeyRing(database.db, config.JWT_PRIVATE_KEY);
  const app = await buildApp({ config, db: database.db, redis, bus, keys, pingDb: database.ping });
  await app.ready();
  const sms = createOutboxSms(database.db, app.log);
  return {
    app,
    config,
    redis,
    prefix,
    keys,
    database,
    /** Bodies of the SMS "sent" to a number, newest first. */
    smsTo: async (to: string) => (await sms.sentTo(to)).map((row) => row.body),
    close: async () => {
      await app.close();
      await infra.close();
    },
  };
}

export type AuthHarness = Awaited<ReturnType<typeof startAuth>>;
