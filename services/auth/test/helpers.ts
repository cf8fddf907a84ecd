import { fileURLToPath } from 'node:url';
import { loadConfig, openServiceOutbox } from '@oneeta/service-kit';
import { eventually, openTestInfra, TEST_INTERNAL_TOKEN } from '@oneeta/service-kit/testing';
import { buildApp } from '../src/app.js';
import { configSchema } from '../src/config.js';
import { loadKeyRing } from '../src/keys.js';
import { createOutboxEmail } from '../src/providers/email.js';
import { createOutboxSms } from '../src/providers/sms.js';
import { outbox as outboxTable } from '../src/store/schema.js';

export const MIGRATIONS = fileURLToPath(new URL('../src/store/migrations', import.meta.url));
export const INTERNAL_TOKEN = TEST_INTERNAL_TOKEN;
export const ADMIN_EMAIL = 'Boss@OneETA.test';

/** The auth app over a fresh database and a unique Redis namespace; `close()` removes both. */
export async function startAuth(env: Record<string, string> = {}, opts: { redisUrl?: string } = {}) {
  const infra = await openTestInfra('auth', MIGRATIONS, opts);
  const { prefix, database, redis } = infra;
  const config = loadConfig(configSchema, {
    ...infra.env,
    ADMIN_EMAIL,
    AUTH_MAX_PER_IP_PER_MINUTE: '1000',
    ...env,
  });
  const keys = await loadKeyRing(database.db, config.JWT_PRIVATE_KEY);
  const delivery = openServiceOutbox({ service: 'auth', config, db: database.db, table: outboxTable });
  const app = await buildApp({ config, db: database.db, redis, outbox: delivery.outbox, wakeRelay: () => delivery.relay.wake(), keys, pingDb: database.ping });
  await app.ready();
  const sms = createOutboxSms(database.db, app.log);
  const email = createOutboxEmail(database.db, app.log);
  const emailTo = async (to: string) => await email.sentTo(to.toLowerCase());
  return {
    app,
    config,
    redis,
    prefix,
    keys,
    database,
    /** The outbox and its relay (delivering every 50 ms, and at once after a write). */
    delivery,
    /** Resolves once the relay delivered every outbox row written so far. */
    drained: () => eventually(async () => (await delivery.relay.pending()) === 0),
    /** Bodies of the SMS "sent" to a number, newest first. */
    smsTo: async (to: string) => (await sms.sentTo(to)).map((row) => row.body),
    /** E-mails "sent" to an address, newest first. */
    emailTo,
    /** The token of the newest verification link sent to an address (throws when there is none). */
    verifyTokenFor: async (to: string) => {
      const [newest] = await emailTo(to);
      const link = newest && /https?:\/\/\S+/.exec(newest.text)?.[0];
      if (!link) throw new Error(`no verification link was sent to ${to}`);
      return new URL(link).searchParams.get('token')!;
    },
    close: async () => {
      await app.close();
      await delivery.close();
      await infra.close();
    },
  };
}

export type AuthHarness = Awaited<ReturnType<typeof startAuth>>;
