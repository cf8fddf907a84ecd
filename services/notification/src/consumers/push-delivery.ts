import type { Job } from 'bullmq';
import type { NotifyPushJob } from '@oneeta/contracts';
import type { AccountLookup } from '@oneeta/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import client from 'prom-client';
import { PUSH_URGENCY, pushTopic, pushVerdict } from '../domain/push.js';
import type { PushSender } from '../providers/push.js';
import { createInboxStore } from '../store/inbox-store.js';
import { createSubscriptionsStore } from '../store/subscriptions-store.js';
import {
  accountDeleted,
  recordDelivery,
  RetryableDeliveryError,
  type DeliveryResult,
  type RecordDeps,
} from '../actions/record-delivery.js';

export interface PushDeliveryDeps extends RecordDeps {
  sender: PushSender;
  ttlSeconds: number;
  /** The current account view: nothing is sent for a deleted account. */
  accounts: AccountLookup;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** Counts deliveries by outcome on this registry (the app's: GET /metrics). */
  registry?: client.Registry;
}

/** `push_deliveries_total{outcome}`: delivered, gone, failed, and retried (an attempt that will be tried again). */
export function createPushMetrics(registry: client.Registry) {
  return new client.Counter({
    name: 'push_deliveries_total',
    help: 'Push attempts by outcome',
    labelNames: ['outcome'],
    registers: [registry],
  });
}

/**
 * Sends one push job to its device (skipped when the device is gone, or the alert or reminder it
 * carries ended meanwhile, or the account was deleted). 404/410 delete the subscription; 429/5xx/no answer retry until
 * the last attempt, which records `failed`; each delivery's outcome is recorded once (by job id) and
 * published once as notification.sent through the outbox, in the same transaction.
 */
export function createPushProcessor(deps: PushDeliveryDeps) {
  const subscriptions = createSubscriptionsStore(deps.db);
  const inbox = createInboxStore(deps.db);
  const metrics = deps.registry ? createPushMetrics(deps.registry) : undefined;
  return async (job: Job, data: NotifyPushJob): Promise<DeliveryResult> => {
    const deliveryId = job.id!;
    const sub = await subscriptions.byId(data.subscriptionId);
    // Removed (or moved to another account) since the job was queued: nothing to send.
    if (!sub || sub.userId !== data.userId) return { outcome: 'skipped' };
    if (await accountDeleted(deps.accounts, data.userId)) return { outcome: 'skipped' };
    // An alert or reminder whose condition ended while the push waited (a retry, a backlog) is not
    // sent stale: its in-app twin (same user, session and text) says so.
    if (
      data.sessionId &&
      (data.kind === 'session-alert' || data.kind === 'leave-reminder') &&
      (await inbox.ended(data.userId, data.sessionId, data.payload.body))
    ) {
      return { outcome: 'skipped' };
    }

    const result = await deps.sender.send(
      { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
      JSON.stringify(data.payload),
      {
        ttlSeconds: deps.ttlSeconds,
        urgency: PUSH_URGENCY[data.kind],
        topic: pushTopic(data.kind, data.sessionId),
      },
    );
    // An endpoint we do not send to is dropped like one the push service says is gone; a host that
    // resolved to an internal address fails without retrying.
    const verdict =
      result.refused === 'endpoint'
        ? 'gone'
        : result.refused === 'address'
          ? 'failed'
          : pushVerdict(result.statusCode);
    const attempt = job.attemptsMade + 1;
    if (verdict === 'retry' && attempt < (job.opts.attempts ?? 1)) {
      metrics?.inc({ outcome: 'retried' });
      throw new RetryableDeliveryError(
        `push service answered ${result.statusCode ?? 'nothing'}${result.error ? `: ${result.error.slice(0, 200)}` : ''}`,
        result.retryAfterMs ?? null,
      );
    }
    const outcome = verdict === 'retry' ? 'failed' : verdict;
    await recordDelivery(
      deps,
      {
        id: deliveryId,
        userId: data.userId,
        sessionId: data.sessionId,
        kind: data.kind,
        channel: 'push',
        target: sub.id,
        outcome,
        statusCode: result.statusCode,
        attempts: attempt,
        error: outcome === 'delivered' ? null : (result.error?.slice(0, 500) ?? null),
        at: new Date(),
      },
      outcome === 'gone'
        ? (tx) => createSubscriptionsStore(tx).removeGone(sub.id, sub.endpoint, sub.updatedAt)
        : undefined,
    );
    metrics?.inc({ outcome });
    if (outcome !== 'delivered')
      deps.log.warn(
        { deliveryId, subscriptionId: sub.id, statusCode: result.statusCode, outcome },
        'push not delivered',
      );
    return { outcome, statusCode: result.statusCode };
  };
}
