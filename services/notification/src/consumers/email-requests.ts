import {
  emailVerificationRequestedDataSchema,
  inviteCreatedDataSchema,
  JOBS,
  loginAlertDataSchema,
  passwordResetRequestedDataSchema,
  QUEUES,
  TOPICS,
  type NotifyEmailJob,
} from '@oneeta/contracts';
import { idempotent, type EventBus, type Outbox, type OutboxTx, type Redis } from '@oneeta/service-kit';
import type { FastifyBaseLogger } from 'fastify';

/** Consumer groups (kept: a new group name would read each stream from its start again). */
export const INVITES_GROUP = 'notification:invites';
export const VERIFY_EMAIL_GROUP = 'notification:verify-email';
export const PASSWORD_RESET_GROUP = 'notification:password-reset';
export const LOGIN_ALERT_GROUP = 'notification:login-alert';

export interface EmailRequestDeps {
  bus: Pick<EventBus, 'consume'>;
  db: OutboxTx;
  redis: Redis;
  prefix: string;
  consumer: string;
  outbox: Outbox;
  wakeRelay?: () => void;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/**
 * Events that ask for an e-mail become one `notify` job each, through the outbox: `invite.created`
 * (the invitee's invite e-mail), `email.verification_requested` (auth's verification link),
 * `password.reset_requested` (auth's reset link) and `account.login_alert` (many failed sign-ins). The
 * job id is derived from the event id, so a redelivered event queues nothing new; the job carries
 * what to look up, never the message (see email-delivery.ts).
 */
export function startEmailRequestConsumers(deps: EmailRequestDeps) {
  const entry = JOBS[QUEUES.notify];
  const enqueue = async (deliveryId: string, data: NotifyEmailJob) => {
    await deps.outbox.add(deps.db, { aggregate: `delivery:${deliveryId}`, kind: 'job', queue: entry.queue, name: entry.name, data, opts: { jobId: deliveryId } });
    deps.wakeRelay?.();
  };
  const consume = <T>(topic: string, group: string, parse: (data: unknown) => T | null, toJob: (data: T, eventId: string) => [string, NotifyEmailJob]) =>
    deps.bus.consume<unknown>({
      topic,
      group,
      consumer: deps.consumer,
      startId: '0',
      handler: idempotent(deps.redis, deps.prefix, group, async (event) => {
        const data = parse(event.data);
        if (data === null) {
          deps.log.warn({ eventId: event.id, topic }, 'e-mail request ignored: bad payload');
          return;
        }
        await enqueue(...toJob(data, event.id));
      }),
      onError: (err, event) => deps.log.error({ err, eventId: event?.id, topic }, 'e-mail request not queued'),
    });
  const consumers = [
    consume(
      TOPICS.inviteCreated,
      INVITES_GROUP,
      (data) => inviteCreatedDataSchema.safeParse(data).data ?? null,
      (data, eventId) => [`invite-${eventId}`, { channel: 'email', kind: 'invite', userId: data.inviterUserId, email: data.email, sessionId: data.sessionId, inviteId: data.inviteId }],
    ),
    consume(
      TOPICS.emailVerificationRequested,
      VERIFY_EMAIL_GROUP,
      (data) => emailVerificationRequestedDataSchema.safeParse(data).data ?? null,
      (data, eventId) => [`verify-email-${eventId}`, { channel: 'email', kind: 'verify-email', userId: data.userId, email: data.email }],
    ),
    consume(
      TOPICS.passwordResetRequested,
      PASSWORD_RESET_GROUP,
      (data) => passwordResetRequestedDataSchema.safeParse(data).data ?? null,
      (data, eventId) => [`password-reset-${eventId}`, { channel: 'email', kind: 'password-reset', userId: data.userId, email: data.email, requestId: data.requestId }],
    ),
    consume(
      TOPICS.loginAlert,
      LOGIN_ALERT_GROUP,
      (data) => loginAlertDataSchema.safeParse(data).data ?? null,
      (data, eventId) => [`login-alert-${eventId}`, { channel: 'email', kind: 'login-alert', userId: data.userId, email: data.email, failures: data.failures, since: data.since }],
    ),
  ];
  return {
    ready: Promise.all(consumers.map((c) => c.ready)).then(() => {}),
    stop: async () => {
      await Promise.all(consumers.map((c) => c.stop()));
    },
  };
}
