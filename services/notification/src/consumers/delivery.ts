import { JOBS, QUEUES } from '@oneeta/contracts';
import {
  createQueue,
  createRedis,
  createWorker,
  type AccountLookup,
  type Database,
  type EventBus,
  type HostResolver,
  type Outbox,
  type Redis,
} from '@oneeta/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type client from 'prom-client';
import type { Config } from '../config.js';
import { startAlertEndsConsumer } from './alert-ends.js';
import { startAlertConsumer } from './alerts.js';
import { createEmailProcessor } from './email-delivery.js';
import { startEmailRequestConsumers } from './email-requests.js';
import { createReminderProcessor, startReminderScheduler } from './reminders.js';
import { createPushProcessor } from './push-delivery.js';
import { startUserDeletedConsumer } from './user-deleted.js';
import { RetryableDeliveryError } from '../actions/record-delivery.js';
import { createAuthClient } from '../providers/auth.js';
import type { EmailSender } from '../providers/email.js';
import { createWebPushSender } from '../providers/push.js';
import { unsubscribeKey } from '../domain/unsubscribe.js';
import type { VapidKeyPair } from '../store/vapid-store.js';
import { createSessionClient } from '../providers/sessions.js';

export interface DeliveryDeps {
  config: Config;
  db: Database;
  redis: Redis;
  bus: Pick<EventBus, 'consume'>;
  outbox: Outbox;
  wakeRelay?: () => void;
  vapid: VapidKeyPair;
  email: EmailSender;
  /** The current account view (openAccountDirectory's get): jobs for a deleted account send nothing. */
  accounts: AccountLookup;
  /** This replica's name on the event bus. */
  consumer: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  registry?: client.Registry;
  /** A certificate pushes trust besides the system's (tests: the push-service stand-in's). */
  ca?: string | Buffer;
  /** How push hosts are resolved at connect time (the system resolver by default). */
  resolveHost?: HostResolver;
}

/**
 * Everything that delivers: the consumers that turn e-mail requests (invite.created,
 * email.verification_requested) into `notify` jobs, the `notify` worker that sends each job, a push
 * to one device or one e-mail (NOTIFY_CONCURRENCY at once), the time-to-leave reminders (their
 * scheduler on session.schedule and the `reminders` worker), the session.alert consumer (in-app
 * notifications and pushes) and the session.schedule consumer that ends notifications whose
 * condition is over, and the user.deleted consumer that erases a deleted account. Close it on shutdown.
 */
export function startDelivery(deps: DeliveryDeps) {
  const { config } = deps;
  const record = {
    db: deps.db,
    outbox: deps.outbox,
    ...(deps.wakeRelay ? { wakeRelay: deps.wakeRelay } : {}),
  };
  const internal = { internalToken: config.INTERNAL_TOKEN };
  const push = createPushProcessor({
    ...record,
    sender: createWebPushSender({
      vapid: deps.vapid,
      subject: config.VAPID_SUBJECT,
      timeoutMs: config.PUSH_TIMEOUT_MS,
      policy: {
        allowedHosts: config.PUSH_ALLOWED_HOSTS,
        allowPrivate: config.PUSH_ALLOW_PRIVATE_ENDPOINTS,
        ...(deps.resolveHost ? { resolve: deps.resolveHost } : {}),
      },
      ...(deps.ca ? { ca: deps.ca } : {}),
    }),
    ttlSeconds: config.PUSH_TTL_SECONDS,
    accounts: deps.accounts,
    log: deps.log,
    ...(deps.registry ? { registry: deps.registry } : {}),
  });
  const sessions = createSessionClient({ baseUrl: config.SESSION_URL, ...internal });
  const email = createEmailProcessor({
    ...record,
    email: deps.email,
    sessions,
    auth: createAuthClient({ baseUrl: config.AUTH_URL, ...internal }),
    accounts: deps.accounts,
    publicUrl: config.PUBLIC_URL,
    unsubscribeKey: unsubscribeKey(deps.vapid.privateKey),
    log: deps.log,
  });
  const entry = JOBS[QUEUES.notify];
  const connection = createRedis(config.REDIS_URL, { role: 'worker' });
  const worker = createWorker(
    entry,
    async (job) => (job.data.channel === 'email' ? email(job, job.data) : push(job, job.data)),
    {
      connection,
      redisPrefix: config.REDIS_PREFIX,
      concurrency: config.NOTIFY_CONCURRENCY,
      log: deps.log,
    },
  );
  worker.on('failed', (job, err) => {
    if (!(err instanceof RetryableDeliveryError))
      deps.log.error({ jobId: job?.id, err: err.message }, 'notify job failed');
  });
  const requests = startEmailRequestConsumers({
    ...record,
    bus: deps.bus,
    redis: deps.redis,
    prefix: config.REDIS_PREFIX,
    consumer: deps.consumer,
    log: deps.log,
  });

  // Time-to-leave reminders: session.schedule → delayed jobs on `reminders` → push to the user's devices.
  const reminderEntry = JOBS[QUEUES.reminders];
  const producer = createRedis(config.REDIS_URL, { role: 'producer' });
  const reminders = createQueue(reminderEntry, {
    connection: producer,
    redisPrefix: config.REDIS_PREFIX,
    log: deps.log,
  });
  const scheduler = startReminderScheduler({
    bus: deps.bus,
    queue: reminders,
    consumer: deps.consumer,
    log: deps.log,
  });
  const reminderWorker = createWorker(
    reminderEntry,
    createReminderProcessor({ ...record, sessions, accounts: deps.accounts }),
    {
      connection,
      redisPrefix: config.REDIS_PREFIX,
      concurrency: config.NOTIFY_CONCURRENCY,
      log: deps.log,
    },
  );
  // Session alerts (late, re-plan, arrived, no-show): session.alert → in-app rows and pushes per recipient.
  const alerts = startAlertConsumer({
    ...record,
    accounts: deps.accounts,
    bus: deps.bus,
    redis: deps.redis,
    prefix: config.REDIS_PREFIX,
    consumer: deps.consumer,
    log: deps.log,
  });
  // Ends in-app notifications whose condition is over: session.schedule → ended rows and inbox nudges.
  const ends = startAlertEndsConsumer({
    ...record,
    bus: deps.bus,
    consumer: deps.consumer,
    log: deps.log,
  });
  // A deleted account: its data erased or anonymised, its waiting jobs (pushes, e-mails, reminders) removed.
  const notifyQueue = createQueue(entry, {
    connection: producer,
    redisPrefix: config.REDIS_PREFIX,
    log: deps.log,
  });
  const erasure = startUserDeletedConsumer({
    db: deps.db,
    bus: deps.bus,
    redis: deps.redis,
    prefix: config.REDIS_PREFIX,
    accountTtlSeconds: config.ACCOUNT_VIEW_TTL_SECONDS,
    consumer: deps.consumer,
    queues: [notifyQueue, reminders],
    log: deps.log,
  });
  return {
    ready: Promise.all([
      requests.ready,
      scheduler.ready,
      alerts.ready,
      ends.ready,
      erasure.ready,
    ]).then(() => {}),
    /** The `reminders` queue (tests look at its jobs). */
    reminders,
    close: async () => {
      await Promise.all([
        requests.stop(),
        scheduler.stop(),
        alerts.stop(),
        ends.stop(),
        erasure.stop(),
      ]);
      await Promise.all([worker.close(), reminderWorker.close()]);
      await Promise.all([reminders.close(), notifyQueue.close()]);
      connection.disconnect();
      producer.disconnect();
    },
  };
}
