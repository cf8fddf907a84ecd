import { TOPICS, type NotificationKind, type NotificationSentData } from '@oneeta/contracts';
import {
  RetryLaterError,
  type AccountLookup,
  type Database,
  type Outbox,
} from '@oneeta/service-kit';
import { createDeliveriesStore, type DeliveryInput } from '../store/deliveries-store.js';

export interface RecordDeps {
  db: Database;
  outbox: Outbox;
  wakeRelay?: () => void;
}

/**
 * Records one delivery's outcome and publishes it as notification.sent, once (by delivery id), in
 * one transaction; `alsoInTx` runs in it first (e.g. deleting a subscription that is gone).
 * False when this delivery was already recorded.
 */
export type DeliveryOutcome = Omit<DeliveryInput, 'kind' | 'at'> & {
  kind: NotificationKind;
  at: Date;
};

export async function recordDelivery(
  deps: RecordDeps,
  input: DeliveryOutcome,
  alsoInTx?: (tx: Database) => Promise<void>,
): Promise<boolean> {
  const recorded = await deps.db.transaction(async (handle) => {
    const tx = handle as unknown as Database;
    await alsoInTx?.(tx);
    return recordDeliveryIn(tx, deps.outbox, input);
  });
  if (recorded) deps.wakeRelay?.();
  return recorded;
}

/** recordDelivery's writes in the caller's transaction (the caller wakes the relay after its commit). */
export async function recordDeliveryIn(
  tx: Database,
  outbox: Outbox,
  input: DeliveryOutcome,
): Promise<boolean> {
  if (!(await createDeliveriesStore(tx).record(input))) return false;
  const { id: deliveryId, userId, sessionId = null, kind, channel, outcome, at } = input;
  const data: NotificationSentData = {
    deliveryId,
    userId,
    sessionId,
    kind,
    channel,
    outcome,
    at: at.toISOString(),
  };
  await outbox.add(tx, {
    aggregate: `delivery:${deliveryId}`,
    kind: 'event',
    topic: TOPICS.notificationSent,
    id: deliveryId,
    data,
  });
  return true;
}

/**
 * Thrown while attempts remain (429/5xx/no answer from a push service, a mail server or lookup that
 * failed): BullMQ retries with the catalog's backoff, or after the push service's Retry-After.
 */
export class RetryableDeliveryError extends RetryLaterError {}

/** What a notify job ended in ('skipped': nothing to send any more, or already recorded). */
export type DeliveryResult =
  { outcome: 'delivered' | 'gone' | 'failed'; statusCode: number | null } | { outcome: 'skipped' };

/**
 * Whether the account a job is for was deleted (the account view's tombstone, or auth no longer
 * knowing it): such a job sends nothing. A lookup that fails is retried, never taken as "still there".
 */
export async function accountDeleted(accounts: AccountLookup, userId: string): Promise<boolean> {
  try {
    return (await accounts(userId)) === null;
  } catch (err) {
    throw new RetryableDeliveryError(
      `account ${userId} could not be looked up: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
}
