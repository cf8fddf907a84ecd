import { format, type Session } from '@oneeta/contracts';
import { clockText } from '@oneeta/travel';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState } from 'react';
import { queryKeys } from '../../api/query-keys';
import { useViewerZone } from '../arrival-panel/viewer-zone';
import { bannerContextOf } from './banner-context';
import { bannersFor, isUrgent, supersededIds } from './inbox-logic';
import { markShown } from './inbox-store';
import { offerWords, ownerOfferOf, type OwnerOffer } from './owner-offer';
import { INBOX_UI } from './texts';
import { useInbox, useMarkDone, useShown } from './use-inbox';
import './inbox.css';

export interface SessionAlertsProps {
  session: Session;
  isOwner: boolean;
  /** The viewer's participant id, null when they have no row. */
  meId: string | null;
  /** The owner's plan can edit a saved session: else the offer leads to /plans instead. */
  canEdit: boolean;
  now: Date;
  /** The page's save with a new arrival time (the session editor's `moveArrival`). */
  onMoveArrival: (at: Date) => void;
  saving: boolean;
  /** The save's refusal, shown with the offer after the owner tried it. */
  problem: string | null;
  /** Remove a participant far behind (the arrival panel's 'Confirm remove' first). */
  onRemove: (participantId: string) => void;
  /** Message a participant far behind: the session's chat. */
  onMessage: (participantId: string) => void;
}

const DATA_KIND: Record<OwnerOffer['kind'], string> = {
  move: 'replan-offer',
  upgrade: 'replan-upgrade',
  'far-behind': 'far-behind',
};

/**
 * The top of the session page (issues 15, 34): the owner's offer while someone is late — 'Move
 * arrival to {time}?' with one button that saves it, the way to /plans on a plan that cannot, or
 * who is far behind with Remove and Message (owner-offer.ts) — and this session's in-app
 * notifications that still hold as banners, each with a dismiss button (dismissed or acted on:
 * marked read, never shown again). Both are derived from the current session and inbox answers,
 * so they go as soon as the condition ends; a change of the session asks the inbox again.
 */
export function SessionAlerts({
  session,
  isOwner,
  meId,
  canEdit,
  now,
  onMoveArrival,
  saving,
  problem,
  onRemove,
  onMessage,
}: SessionAlertsProps) {
  const notifications = useInbox();
  const shown = useShown();
  const markDone = useMarkDone();
  const viewerTz = useViewerZone();
  const queryClient = useQueryClient();
  const [declined, setDeclined] = useState<ReadonlySet<string>>(() => new Set());
  const [tried, setTried] = useState<string | null>(null);

  // The session changed (arrival moved, someone left, was removed or arrived): what the inbox
  // holds may have ended with it, so it is asked again (the first answer is already in hand).
  const revision = useRef(session.revision);
  useEffect(() => {
    if (revision.current === session.revision) return;
    revision.current = session.revision;
    void queryClient.invalidateQueries({ queryKey: queryKeys.inboxRoot });
  }, [session.revision, queryClient]);

  const suggested = ownerOfferOf({
    isOwner,
    canEdit,
    session,
    notifications,
    shown,
    declined,
  });
  // While the accepted time is being saved (or was refused) the offer stays, with its outcome.
  const offer: OwnerOffer | null =
    suggested ??
    (tried !== null && (saving || problem)
      ? { kind: 'move', at: tried, people: [], ids: [], key: `tried@${tried}` }
      : null);
  const context = useMemo(() => bannerContextOf(session, meId, now), [session, meId, now]);
  const banners = useMemo(
    () => bannersFor(notifications, session.sessionId, shown, context),
    [notifications, session.sessionId, shown, context],
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
  // A far-behind offer may carry no time ('' once the server suggests none).
  const offerAt = offer && offer.at !== '' ? new Date(offer.at) : null;
  const offerTime =
    offerAt && !Number.isNaN(offerAt.getTime())
      ? clockText(offerAt, session.tzId, { now, viewerTz }).text
      : '';
  const words = offer ? offerWords(offer, offerTime) : null;
  const notNow = offer && (
    <button
      type="button"
      className="btn btn-ghost btn-sm"
      disabled={saving}
      onClick={() => {
        setDeclined((d) => new Set(d).add(offer.key));
        markDone(offer.ids);
      }}
    >
      {INBOX_UI.replanNotNow}
    </button>
  );

  return (
    <div className="inbox-alerts" aria-label={INBOX_UI.banners} role="region">
      {offer && words && (
        <div
          className="inbox-alert inbox-offer"
          role="status"
          data-kind={DATA_KIND[offer.kind]}
          data-urgent={offer.kind === 'far-behind' || undefined}
        >
          <div className="inbox-alert-text">
            {words.lead && <p className="inbox-offer-lead">{words.lead}</p>}
            <p className="inbox-offer-question">{words.text}</p>
          </div>
          <div className="inbox-offer-actions">
            {offer.kind === 'move' && (
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
            )}
            {offer.kind === 'upgrade' && (
              <Link to={INBOX_UI.upgradeUrl} className="btn btn-primary btn-sm">
                {INBOX_UI.upgrade}
              </Link>
            )}
            {offer.kind === 'far-behind' &&
              offer.people.map((p) => (
                <span key={p.participantId} className="inbox-offer-person">
                  <button
                    type="button"
                    className="btn btn-secondary btn-sm"
                    onClick={() => onMessage(p.participantId)}
                  >
                    {format(INBOX_UI.messagePerson, { name: p.name })}
                  </button>
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    onClick={() => onRemove(p.participantId)}
                  >
                    {format(INBOX_UI.removePerson, { name: p.name })}
                  </button>
                </span>
              ))}
            {notNow}
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
