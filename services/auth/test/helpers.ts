import { fileURLToPath } from 'node:url';
import { desc } from 'drizzle-orm';
import {
  TOPICS,
  type EmailVerificationRequestedData,
  type PasswordResetRequestedData,
} from '@oneeta/contracts';
import {
  createAccountDirectory,
  createGuards,
  createHttpApp,
  createTokenVerifier,
  loadConfig,
  openServiceOutbox,
  type App,
} from '@oneeta/service-kit';
import { eventually, openTestInfra, TEST_INTERNAL_TOKEN } from '@oneeta/service-kit/testing';
import { buildApp } from '../src/app.js';
import { configSchema } from '../src/config.js';
import { loadKeyRing } from '../src/context.js';
import { createOutboxSms } from '../src/providers/sms.js';
import { outbox as outboxTable } from '../src/store/schema.js';

export const MIGRATIONS = fileURLToPath(new URL('../src/store/migrations', import.meta.url));
export const INTERNAL_TOKEN = TEST_INTERNAL_TOKEN;
export const ADMIN_EMAIL = 'Boss@OneETA.test';

/** The auth app over a fresh database and a unique Redis namespace; `close()` removes both. */
export async function startAuth(
  env: Record<string, string> = {},
  opts: { redisUrl?: string } = {},
) {
  const infra = await openTestInfra('auth', MIGRATIONS, opts);
  const { prefix, database, redis } = infra;
  const config = loadConfig(configSchema, {
    ...infra.env,
    ADMIN_EMAIL,
    AUTH_MAX_PER_IP_PER_MINUTE: '1000',
    ...env,
  });
  const keys = await loadKeyRing(database.db, config.JWT_PRIVATE_KEY);
  const delivery = openServiceOutbox({
    service: 'auth',
    config,
    db: database.db,
    table: outboxTable,
  });
  const app = await buildApp({
    config,
    db: database.db,
    redis,
    outbox: delivery.outbox,
    wakeRelay: () => delivery.relay.wake(),
    keys,
    pingDb: database.ping,
  });
  await app.ready();
  const sms = createOutboxSms(database.db, app.log);
  /** The data of the events of `topic` auth wrote to its outbox, newest first. */
  const outboxEvents = async <T>(topic: string): Promise<T[]> => {
    const rows = await database.db
      .select({ message: outboxTable.message })
      .from(outboxTable)
      .orderBy(desc(outboxTable.seq));
    return rows.flatMap(({ message }) =>
      message.kind === 'event' && message.envelope.type === topic
        ? [message.envelope.data as T]
        : [],
    );
  };
  /** The verification e-mails auth asked for (email.verification_requested in its outbox) for an address, newest first. */
  const verificationRequests = async (to: string): Promise<EmailVerificationRequestedData[]> =>
    (await outboxEvents<EmailVerificationRequestedData>(TOPICS.emailVerificationRequested)).filter(
      (data) => data.email.toLowerCase() === to.toLowerCase(),
    );
  /** The password-reset e-mails auth asked for (password.reset_requested) for an address, newest first. */
  const resetRequests = async (to: string): Promise<PasswordResetRequestedData[]> =>
    (await outboxEvents<PasswordResetRequestedData>(TOPICS.passwordResetRequested)).filter(
      (data) => data.email.toLowerCase() === to.toLowerCase(),
    );
  /** GET /internal/users/:id/password-reset-link, as the notification service asks it. */
  const resetLink = (userId: string, requestId: string) =>
    app.inject({
      method: 'GET',
      url: `/internal/users/${userId}/password-reset-link?requestId=${encodeURIComponent(requestId)}`,
      headers: { 'x-internal-token': INTERNAL_TOKEN },
    });
  /** GET /internal/users/:id/verification-link, as the notification service asks it. */
  const verificationLink = (userId: string, email: string) =>
    app.inject({
      method: 'GET',
      url: `/internal/users/${userId}/verification-link?email=${encodeURIComponent(email)}`,
      headers: { 'x-internal-token': INTERNAL_TOKEN },
    });
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
    outboxEvents,
    verificationRequests,
    verificationLink,
    resetRequests,
    resetLink,
    /** The token of the reset link the notification service would send for the newest request to an address (throws when there is none). */
    resetTokenFor: async (to: string) => {
      const [newest] = await resetRequests(to);
      if (!newest) throw new Error(`no password reset was asked for ${to}`);
      const res = await resetLink(newest.userId, newest.requestId);
      if (res.statusCode !== 200)
        throw new Error(`no reset link for ${to}: ${res.statusCode} ${res.body}`);
      return new URL(res.json<{ link: string }>().link).searchParams.get('token')!;
    },
    /** The token of the link the notification service would send for the newest request to an address (throws when there is none). */
    verifyTokenFor: async (to: string) => {
      const [newest] = await verificationRequests(to);
      if (!newest) throw new Error(`no verification e-mail was asked for ${to}`);
      const res = await verificationLink(newest.userId, newest.email);
      if (res.statusCode !== 200)
        throw new Error(`no verification link for ${to}: ${res.statusCode} ${res.body}`);
      return new URL(res.json<{ link: string }>().link).searchParams.get('token')!;
    },
    close: async () => {
      await app.close();
      await delivery.close();
      await infra.close();
    },
  };
}

export type AuthHarness = Awaited<ReturnType<typeof startAuth>>;

/**
 * Auth on a real port beside another service (`other`, with one signed-in route `GET /whoami`)
 * whose guard reads the account view auth shares with every service (auth asked on a miss).
 */
export async function startAuthWithOtherService() {
  const auth = await startAuth();
  const authUrl = await auth.app.listen({ port: 0, host: '127.0.0.1' });
  const accounts = createAccountDirectory({
    redis: auth.redis,
    prefix: auth.prefix,
    authUrl,
    internalToken: INTERNAL_TOKEN,
  });
  const guards = createGuards({
    verify: createTokenVerifier({ jwks: auth.keys.jwks }),
    accounts: accounts.get,
  });
  const other: App = createHttpApp({ name: 'other', logLevel: 'silent', metrics: false });
  other.get('/whoami', { preHandler: guards.requireUser }, async (request) => ({
    id: request.user!.id,
  }));
  await other.ready();
  return {
    auth,
    other,
    close: async () => {
      await other.close();
      await auth.close();
    },
  };
}
