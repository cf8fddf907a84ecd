import type { InAppKind, NotificationKind } from '@oneeta/contracts';
import type { Database, Outbox } from '@oneeta/service-kit';
import { channelsFor, type Channels, type NoticeDetails } from '../domain/alerts.js';
import type { NoticeCondition } from '../domain/conditions.js';
import { inboxId } from '../domain/inbox.js';
import { notificationTag } from '../domain/push.js';
import { recordDeliveryIn } from './record-delivery.js';
import { endSuperseded } from './notice-ends.js';
import { queuePushToUser } from './push-fanout.js';
import { createInboxStore } from '../store/inbox-store.js';
import { createPreferencesStore } from '../store/preferences-store.js';

/** One notification for one user about one session, as both the push and the in-app row say it. */
export interface UserNotice {
  /** Unique per delivery (the in-app row's source key): a repeat adds no second row. */
  sourceKey: string;
  userId: string;
  sessionId: string;
  /** The in-app kind (and so the preference topic). */
  kind: InAppKind;
  /** What the push and the admin ledger call it. */
  ledgerKind: NotificationKind;
  text: string;
  url: string;
  suggestedArriveAt: string | null;
  /** What it is about: the row ends once this no longer holds (null: only with the session or the recipient). */
  condition: NoticeCondition | null;
  details: NoticeDetails | null;
}

/** The channels the user's preferences and mutes allow for this notice (read in the caller's transaction). */
export async function noticeChannels(
  tx: Database,
  notice: Pick<UserNotice, 'userId' | 'sessionId' | 'kind'>,
): Promise<Channels> {
  const store = createPreferencesStore(tx);
  const [preferences, muted] = await Promise.all([
    store.get(notice.userId),
    store.isMuted(notice.userId, notice.sessionId),
  ]);
  return channelsFor(notice.kind, preferences, muted);
}

/**
 * Delivers a notice on the given channels in the caller's transaction: the in-app row (recorded as a
 * notification.sent, channel in_app, and nudged to the session's pages as `inbox`, through the
 * outbox; the user's older notification it replaces ends) and one push job per device of the user.
 * The caller holds the session's notice lock (lockSessionNotices).
 */
export async function deliverNotice(
  tx: Database,
  outbox: Outbox,
  notice: UserNotice,
  channels: Channels,
  now: Date,
): Promise<{ devices: number; inApp: boolean }> {
  const { userId, sessionId, ledgerKind } = notice;
  let inApp = false;
  if (channels.inApp) {
    const id = inboxId(now.getTime());
    inApp = await createInboxStore(tx).add({
      id,
      sourceKey: notice.sourceKey,
      userId,
      sessionId,
      kind: notice.kind,
      text: notice.text,
      url: notice.url,
      suggestedArriveAt: notice.suggestedArriveAt ? new Date(notice.suggestedArriveAt) : null,
      condition: notice.condition,
      details: notice.details,
      createdAt: now,
    });
    if (inApp) {
      // A newer late alert, offer, re-plan or reminder replaces the user's older one of the session.
      await endSuperseded(
        tx,
        outbox,
        sessionId,
        { kind: notice.kind, userId, condition: notice.condition },
        id,
        now,
      );
      // The session's open pages refetch their inbox now rather than at their next poll.
      await outbox.add(tx, {
        aggregate: `inbox:${userId}`,
        kind: 'nudge',
        sessionId,
        nudge: { type: 'inbox', sessionId },
      });
      await recordDeliveryIn(tx, outbox, {
        id: `in-app-${id}`,
        userId,
        sessionId,
        kind: ledgerKind,
        channel: 'in_app',
        target: 'inbox',
        outcome: 'delivered',
        statusCode: null,
        attempts: 1,
        error: null,
        at: now,
      });
    }
  }
  const devices = channels.push
    ? await queuePushToUser(tx, outbox, {
        userId,
        sessionId,
        kind: ledgerKind,
        payload: {
          title: 'OneETA',
          body: notice.text,
          url: notice.url,
          tag: notificationTag(ledgerKind, sessionId),
        },
      })
    : 0;
  return { devices, inApp };
}
