import { format, type Session } from '@oneeta/contracts';
import { clockText } from '@oneeta/travel';
import { useEffect, useMemo, useState } from 'react';
import { useViewerZone } from '../arrival-panel/viewer-zone';
import { bannersFor, isUrgent, replanOfferOf, supersededIds } from './inbox-logic';
import { markShown } from './inbox-store';
import { INBOX_UI } from './texts';
import { useInbox, useMarkDone, useShown } from './use-inbox';
import './inbox.css';

export interface SessionAlertsProps {
  session: Session;
  isOwner: boolean;
  now: Date;
  /** The page's save with a new arrival time (the session editor's `moveArrival`). */
  onMoveArrival: (at: Date) => void;
  saving: boolean;
  /** The save's refusal, shown with the offer after the owner tried it. */
  problem: string | null;
}

/**
 * The top of the session page (issue 15): the owner's 'Move arrival to {time}?' while the server
 * suggests a new time (or a 'replan-offer' notification does), with one button that saves it; and
 * this session's in-app notifications as banners, each with a dismiss button (dismissed or acted
 * on: marked read, never shown again).
 */
export function SessionAlerts({
  session,
  isOwner,
  now,
  onMoveArrival,
  saving,
  problem,
}: SessionAlertsProps) {
  const notifications = useInbox();
  const shown = useShown();
  const markDone = useMarkDone();
  const viewerTz = useViewerZone();
  const [declined, setDeclined] = useState<ReadonlySet<string>>(() => new Set());
  const [tried, setTried] = useState<string | null>(null);

  const suggested = replanOfferOf({
    isOwner,
    sessionId: session.sessionId,
    arriveAt: session.arriveAt,
    suggestedArriveAt: session.suggestedArriveAt,
    notifications,
    shown,
    declined,
  });
  // While the accepted time is being saved (or was refused) the offer stays, with its outcome.
  const offer =
    suggested ??
    (tried !== null && !declined.has(tried) && (saving || problem) ? { at: tried, ids: [] } : null);
  const offerShown = offer !== null;
  const banners = useMemo(
    () => bannersFor(notifications, session.sessionId, shown, offerShown),
    [notifications, session.sessionId, shown, offerShown],
  );

  // On screen as a banner: the shell's watcher does not toast them as well.
  const bannerIds = banners.map((n) => n.id).join(' ');
  useEffect(() => {
    if (bannerIds) markShown(bannerIds.split(' '), 'banner');
  }, [bannerIds]);

  // This session's notifications a newer one made moot: read, never shown.
  const moot = [...supersededIds(notifications)]
    .filter(
      (id) =>
        shown.get(id) !== 'done' &&
        notifications.some((n) => n.id === id && n.sessionId === session.sessionId),
    )
    .join(' ');
  useEffect(() => {
    if (moot) markDone(moot.split(' '));
  }, [moot, markDone]);

  if (!offer && banners.length === 0) return null;
  const offerTime = offer
    ? clockText(new Date(offer.at), session.tzId, { now, viewerTz }).text
    : '';

  return (
    <div className="inbox-alerts" aria-label={INBOX_UI.banners} role="region">
      {offer && (
        <div className="inbox-alert inbox-offer" role="status" data-kind="replan-offer">
          <p className="inbox-alert-text">{format(INBOX_UI.replanOffer, { time: offerTime })}</p>
          <div className="inbox-offer-actions">
            <button
              type="button"
              className="btn btn-primary btn-sm"
              disabled={saving}
              onClick={() => {
                setTried(offer.at);
                markDone(offer.ids);
                onMoveArrival(new Date(offer.at));
              }}
            >
              {saving && tried === offer.at ? INBOX_UI.replanMoving : INBOX_UI.replanAccept}
            </button>
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              disabled={saving}
              onClick={() => {
                setDeclined((d) => new Set(d).add(offer.at));
                markDone(offer.ids);
              }}
            >
              {INBOX_UI.replanNotNow}
            </button>
          </div>
          {tried === offer.at && !saving && problem && (
            <p className="inbox-offer-problem" role="alert">
              {problem}
            </p>
          )}
        </div>
      )}
      {banners.map((n) => (
        <div
          key={n.id}
          className="inbox-alert"
          role={isUrgent(n.kind) ? 'alert' : 'status'}
          data-kind={n.kind}
          data-urgent={isUrgent(n.kind) || undefined}
        >
          <p className="inbox-alert-text">{n.text}</p>
          <button
            type="button"
            className="inbox-dismiss"
            aria-label={`${INBOX_UI.dismiss}: ${n.text}`}
            onClick={() => markDone([n.id])}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
