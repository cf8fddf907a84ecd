import { JOBS, QUEUES, TOPICS, type NotifyEmailJob, type Topic } from '@oneeta/contracts';
import {
  consumeEvents,
  consumerGroup,
  type EventData,
  type EventsContext,
  type Outbox,
  type OutboxTx,
  type Redis,
} from '@oneeta/service-kit';

/** Consumer groups (kept: a new group name would read each stream from its start again). */
export const INVITES_GROUP = 'notification:invites';
export const VERIFY_EMAIL_GROUP = 'notification:verify-email';
export const PASSWORD_RESET_GROUP = 'notification:password-reset';
export const LOGIN_ALERT_GROUP = 'notification:login-alert';

export interface EmailRequestDeps extends EventsContext {
  db: OutboxTx;
  redis: Redis;
  prefix: string;
  outbox: Outbox;
  wakeRelay?: () => void;
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
    await deps.outbox.add(deps.db, {
      aggregate: `delivery:${deliveryId}`,
      kind: 'job',
      queue: entry.queue,
      data,
      opts: { jobId: deliveryId },
    });
    deps.wakeRelay?.();
  };
  const consume = <T extends Topic>(
    topic: T,
    group: string,
    toJob: (data: EventData<T>, eventId: string) => [string, NotifyEmailJob],
  ) =>
    consumeEvents(deps, {
      topic,
      group,
      once: true,
      failure: 'e-mail request not queued',
      handle: (data, event) => enqueue(...toJob(data, event.id)),
    });
  return consumerGroup([
    consume(TOPICS.inviteCreated, INVITES_GROUP, (data, eventId) => [
      `invite-${eventId}`,
      {
        channel: 'email',
        kind: 'invite',
        userId: data.inviterUserId,
        email: data.email,
        sessionId: data.sessionId,
        inviteId: data.inviteId,
      },
    ]),
    consume(TOPICS.emailVerificationRequested, VERIFY_EMAIL_GROUP, (data, eventId) => [
      `verify-email-${eventId}`,
      { channel: 'email', kind: 'verify-email', userId: data.userId, email: data.email },
    ]),
    consume(TOPICS.passwordResetRequested, PASSWORD_RESET_GROUP, (data, eventId) => [
      `password-reset-${eventId}`,
      {
        channel: 'email',
        kind: 'password-reset',
        userId: data.userId,
        email: data.email,
        requestId: data.requestId,
      },
    ]),
    consume(TOPICS.loginAlert, LOGIN_ALERT_GROUP, (data, eventId) => [
      `login-alert-${eventId}`,
      {
        channel: 'email',
        kind: 'login-alert',
        userId: data.userId,
        email: data.email,
        failures: data.failures,
        since: data.since,
      },
    ]),
  ]);
}
