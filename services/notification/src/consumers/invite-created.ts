import { inviteCreatedDataSchema, TOPICS, type NotificationSentData } from '@oneeta/contracts';
import { idempotent, type Database, type EventBus, type Outbox, type Redis } from '@oneeta/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import { inviteEmail } from '../domain/invite-email.js';
import type { EmailSender } from '../providers/email.js';
import type { SessionClient } from '../providers/sessions.js';
import { createDeliveriesStore } from '../store/deliveries-store.js';

export const INVITES_GROUP = 'notification:invites';

export interface InviteConsumerDeps {
  bus: Pick<EventBus, 'consume'>;
  db: Database;
  redis: Redis;
  prefix: string;
  consumer: string;
  outbox: Outbox;
  wakeRelay?: () => void;
  email: EmailSender;
  sessions: SessionClient;
  publicUrl: string;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/**
 * On `invite.created`: the invitee gets one e-mail with the invite link. The event carries no code,
 * so the invite is read from the session service. Each event sends at most once: the delivery is
 * recorded under `invite:{eventId}` (checked first; the Redis idempotency key covers two consumers
 * at once). A failure to reach the session service or the mail server throws, and the bus redelivers.
 */
export function startInviteConsumer(deps: InviteConsumerDeps) {
  const deliveries = createDeliveriesStore(deps.db);
  const consumer = deps.bus.consume<unknown>({
    topic: TOPICS.inviteCreated,
    group: INVITES_GROUP,
    consumer: deps.consumer,
    startId: '0',
    handler: idempotent(deps.redis, deps.prefix, INVITES_GROUP, async (event) => {
      const parsed = inviteCreatedDataSchema.safeParse(event.data);
      if (!parsed.success) {
        deps.log.warn({ eventId: event.id }, 'invite.created ignored: bad payload');
        return;
      }
      const deliveryId = `invite:${event.id}`;
      if (await deliveries.byId(deliveryId)) return;
      const invite = await deps.sessions.invite(parsed.data.sessionId, parsed.data.inviteId);
      if (!invite || invite.status !== 'pending') return; // cancelled or answered before we got to it
      await deps.email.send(inviteEmail(invite, deps.publicUrl));
      const at = new Date();
      await deps.db.transaction(async (handle) => {
        const tx = handle as unknown as Database;
        const recorded = await createDeliveriesStore(tx).record({
          id: deliveryId,
          userId: invite.inviterUserId,
          sessionId: invite.sessionId,
          kind: 'invite',
          channel: 'email',
          target: invite.email,
          outcome: 'delivered',
          statusCode: null,
          attempts: 1,
          error: null,
          at,
        });
        if (!recorded) return;
        const data: NotificationSentData = { deliveryId, userId: invite.inviterUserId, sessionId: invite.sessionId, kind: 'invite', channel: 'email', outcome: 'delivered', at: at.toISOString() };
        await deps.outbox.add(tx, { aggregate: `delivery:${deliveryId}`, kind: 'event', topic: TOPICS.notificationSent, id: deliveryId, data });
      });
      deps.wakeRelay?.();
    }),
    onError: (err, event) => deps.log.error({ err, eventId: event?.id }, 'invite.created handling failed'),
  });
  return { stop: () => consumer.stop(), ready: consumer.ready };
}
