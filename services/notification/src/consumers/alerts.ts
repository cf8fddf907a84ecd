import { TOPICS, type EventEnvelope, type SessionAlertData } from '@oneeta/contracts';
import {
  consumeEvents,
  type AccountLookup,
  type Database,
  type EventsContext,
  type Outbox,
} from '@oneeta/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import { alertNotice, alertSentKey } from '../domain/alerts.js';
import { deliverNotice, noticeChannels } from '../actions/deliver.js';
import { alreadyEnded } from '../actions/notice-ends.js';
import { lockSessionNotices } from '../store/schedules-store.js';
import { alertsSent } from '../store/schema.js';

/** Consumer group (kept: a new group name would read the stream from its start again). */
export const ALERTS_GROUP = 'notification:alerts';

export interface AlertDeps {
  db: Database;
  outbox: Outbox;
  wakeRelay?: () => void;
  /** The current account view: a deleted account is not notified. */
  accounts: AccountLookup;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  now?: () => Date;
}

export type AlertRecipientResult =
  | { userId: string; outcome: 'sent'; devices: number; inApp: boolean }
  | { userId: string; outcome: 'silenced' | 'duplicate' | 'nothing' | 'ended' | 'gone' };

/**
 * Handles one session.alert: per recipient, the text (alertNotice), then, as their preferences and
 * mutes allow, in one transaction the key of (event, recipient), the in-app row and the push jobs.
 * A redelivered event or a second worker finds the key taken and adds nothing. An alert whose
 * condition a schedule published after it already ended (the two topics are read independently)
 * is not delivered at all, nor is anything to a deleted account.
 */
export function createAlertHandler(deps: AlertDeps) {
  const now = deps.now ?? (() => new Date());
  return async (event: EventEnvelope<SessionAlertData>): Promise<AlertRecipientResult[]> => {
    const alert = event.data;
    const at = now();
    const results: AlertRecipientResult[] = [];
    for (const userId of new Set(alert.recipients)) {
      const notice = alertNotice(alert, userId, at);
      if (notice === null) {
        results.push({ userId, outcome: 'nothing' });
        continue;
      }
      // A lookup that fails throws: the event is handled again, and the recipients done are duplicates.
      if ((await deps.accounts(userId)) === null) {
        results.push({ userId, outcome: 'gone' });
        continue;
      }
      const key = alertSentKey(event.id, userId);
      const result = await deps.db.transaction(async (handle): Promise<AlertRecipientResult> => {
        const tx = handle as unknown as Database;
        await lockSessionNotices(tx, alert.sessionId);
        const user = { userId, sessionId: alert.sessionId, kind: notice.kind };
        const channels = await noticeChannels(tx, user);
        if (!channels.push && !channels.inApp) return { userId, outcome: 'silenced' };
        const fresh = await tx
          .insert(alertsSent)
          .values({ key, sessionId: alert.sessionId, userId })
          .onConflictDoNothing()
          .returning({ key: alertsSent.key });
        if (fresh.length === 0) return { userId, outcome: 'duplicate' };
        if (
          await alreadyEnded(
            tx,
            alert.sessionId,
            { kind: notice.kind, userId, condition: notice.condition },
            new Date(event.occurredAt),
          )
        )
          return { userId, outcome: 'ended' };
        const sent = await deliverNotice(
          tx,
          deps.outbox,
          { ...user, ...notice, sourceKey: `alert|${key}`, ledgerKind: 'session-alert' },
          channels,
          at,
        );
        return { userId, outcome: 'sent', ...sent };
      });
      results.push(result);
    }
    if (results.some((r) => r.outcome === 'sent')) deps.wakeRelay?.();
    return results;
  };
}

/** The session.alert consumer of this service (startId '0': alerts published before its first start are handled too). */
export function startAlertConsumer(deps: AlertDeps & EventsContext) {
  const handle = createAlertHandler(deps);
  return consumeEvents(deps, {
    topic: TOPICS.sessionAlert,
    group: ALERTS_GROUP,
    once: true,
    failure: 'session.alert not delivered',
    handle: (_data, event) => handle(event),
  });
}
