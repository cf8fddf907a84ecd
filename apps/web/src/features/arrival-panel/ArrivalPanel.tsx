import { format, type RouteOptions, type Session } from '@oneeta/contracts';
import { clockText } from '@oneeta/travel';
import { useEffect, useId, useMemo, useRef, useState, type CSSProperties } from 'react';
import { useToast } from '../toast';
import { ConfirmDialog } from './ConfirmDialog';
import { CARD_MIN_WIDTH_PX, MAP_FOLLOW_DELAY_MS } from './constants';
import { DetailsDialog } from './DetailsDialog';
import { EntryItem } from './EntryItem';
import {
  buildEntries,
  defaultCompact,
  entryPermissions,
  hasLocation,
  statusKind,
  type PanelEntry,
} from './entries';
import { groupEarliestIfLater, participantCounts } from './live-state';
import { countText } from './live-text';
import { PANEL_SPEC, PANEL_TOASTS, PANEL_UI } from './texts';
import { entryTiming } from './timing';
import { useViewerZone } from './viewer-zone';
import { useNarrowLayout } from '../../hooks/use-narrow';
import { useParticipantActions } from './use-participant-actions';
import './arrival-panel.css';

export interface ArrivalPanelProps {
  session: Session;
  /** 'user:<id>' of the viewer when they are a participant. */
  meParticipantId: string | null;
  isOwner: boolean;
  /** The clock: ticks every CLOCK_TICK_MS for the countdowns. */
  now: Date;
  sessionLink: string;
  /**
   * Drives the map (doc 2 §7 centerOn, followParticipant, followPosition): 'center' centers once,
   * 'follow' centers and keeps the camera on the entry until the user pans, zooms or presses Stop.
   */
  onCenter: (entryKey: string, mode: MapAction) => void;
  onLeft?: () => void;
  /**
   * Asks for the owner's 'Confirm remove' of this participant (the far-behind notice's 'Remove
   * {name}'); a new `at` asks again.
   */
  removeRequest?: { participantId: string; at: number } | null;
}

export type MapAction = 'center' | 'follow';

type Confirming = { kind: 'remove'; key: string } | { kind: 'leave'; key: string } | null;

/**
 * 'Arrival preview for all participants' (doc 2 §2): every participant and pending invite as a
 * compact list row or a card, with the status line, arrival and leave times in the destination's
 * zone, the 'Leave in' countdown, Center on map and Details; the details dialog and the owner's
 * 'Confirm remove'. Participant actions go through the API and refresh the session.
 */
export function ArrivalPanel({
  session,
  meParticipantId,
  isOwner,
  now,
  sessionLink,
  onCenter,
  onLeft,
  removeRequest,
}: ArrivalPanelProps) {
  const viewerTz = useViewerZone();
  const toast = useToast();
  const actions = useParticipantActions(session.sessionId);
  const narrow = useNarrowLayout();
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const followTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const entries = useMemo(() => buildEntries(session, meParticipantId), [session, meParticipantId]);
  const [chosenCompact, setChosenCompact] = useState<boolean | null>(null);
  const compact = chosenCompact ?? defaultCompact(entries.length);
  const [detailsKey, setDetailsKey] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);

  useEffect(
    () => () => {
      if (followTimer.current) clearTimeout(followTimer.current);
    },
    [],
  );

  // The far-behind notice's 'Remove {name}': the same confirmation as the details dialog's Remove.
  useEffect(() => {
    if (!removeRequest) return;
    const entry = entries.find((e) => e.participantId === removeRequest.participantId);
    if (entry && entryPermissions(entry, { isOwner, sessionOpen: !session.isClosed }).remove)
      setConfirming({ kind: 'remove', key: entry.key });
    // Only a new request opens it; the entries changing (live updates) do not re-open it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [removeRequest]);

  const sessionOpen = !session.isClosed;
  const hasDestination = session.destination !== null;
  const viewer = { isOwner, sessionOpen };
  const variant = narrow ? 'sheet' : 'popout';
  const byKey = (key: string | null) => (key ? (entries.find((e) => e.key === key) ?? null) : null);
  const details = byKey(detailsKey);
  const confirmEntry = byKey(confirming?.key ?? null);

  /** 'Center on map' centers once; 'Find on map' follows: the viewer's own device position, or the participant. */
  const showOnMap = (entry: PanelEntry, mode: MapAction) => {
    if (!hasLocation(entry)) {
      toast.error(PANEL_TOASTS.noLocation);
      return;
    }
    try {
      onCenter(entry.key, mode);
      toast.success(
        mode === 'center'
          ? PANEL_TOASTS.mapCentered
          : entry.isCurrentUser
            ? PANEL_TOASTS.followingPosition
            : PANEL_TOASTS.followingParticipant,
      );
    } catch {
      toast.error(PANEL_TOASTS.centerFailed);
    }
  };

  const findOnMap = (entry: PanelEntry) => {
    setDetailsKey(null);
    if (followTimer.current) clearTimeout(followTimer.current);
    // The map action runs once the dialog has gone (doc 2 §9: 120 ms).
    followTimer.current = setTimeout(() => showOnMap(entry, 'follow'), MAP_FOLLOW_DELAY_MS);
  };

  const copy = async (text: string, ok: string, failed: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(ok);
    } catch {
      toast.error(failed);
    }
  };

  const copyInviteCode = (entry: PanelEntry) => {
    if (!entry.inviteCode) {
      toast.error(PANEL_TOASTS.noInviteCode);
      return;
    }
    void copy(entry.inviteCode, PANEL_TOASTS.inviteCodeCopied, PANEL_TOASTS.copyInviteCodeFailed);
  };

  const cancelInvite = (entry: PanelEntry) => {
    if (!entry.inviteId) return;
    actions.cancelInvite.mutate(entry.inviteId, {
      onSuccess: () => setDetailsKey((key) => (key === entry.key ? null : key)),
    });
  };

  const saveRouteOptions = (entry: PanelEntry, options: RouteOptions) => {
    if (!entry.participantId) return;
    actions.routeOptions.mutate({ participantId: entry.participantId, options });
  };

  const toggleEnroute = (entry: PanelEntry) => {
    if (!entry.participantId) return;
    actions.enroute.mutate({ participantId: entry.participantId, enroute: !entry.enroute });
  };

  const confirmRemove = (entry: PanelEntry) => {
    if (!entry.participantId) return;
    actions.remove.mutate(entry.participantId, {
      onSuccess: () => {
        setConfirming(null);
        setDetailsKey(null);
      },
    });
  };

  const confirmLeave = (entry: PanelEntry) => {
    if (!entry.participantId) return;
    actions.leave.mutate(entry.participantId, {
      onSuccess: () => {
        setConfirming(null);
        setDetailsKey(null);
        onLeft?.();
      },
    });
  };

  const target = session.arriveAt ? new Date(session.arriveAt) : null;
  const passed = target !== null && now.getTime() >= target.getTime();
  const groupLater = groupEarliestIfLater(entries, target, now);
  const arrivalClock = (date: Date) => clockText(date, session.tzId, { now, viewerTz }).text;

  const gridStyle = { '--ap-card-min': `${CARD_MIN_WIDTH_PX}px` } as CSSProperties;

  return (
    <section className="card ap" aria-labelledby={titleId}>
      <header className="ap-head">
        <div>
          <h2 id={titleId} ref={heading} tabIndex={-1} className="ap-title">
            {PANEL_SPEC.title}
          </h2>
          <p className="ap-count muted">{countText(participantCounts(entries))}</p>
          {target && (
            <p className="ap-target" data-passed={passed || undefined}>
              {passed ? (
                <strong>{PANEL_UI.meetingPassed}</strong>
              ) : (
                <>
                  {PANEL_UI.target}{' '}
                  <time dateTime={target.toISOString()}>{arrivalClock(target)}</time>
                </>
              )}
              {groupLater && (
                <span className="ap-group-earliest">
                  {' · '}
                  {PANEL_UI.groupEarliest}{' '}
                  <time dateTime={groupLater.toISOString()}>{arrivalClock(groupLater)}</time>
                </span>
              )}
            </p>
          )}
        </div>
        <div className="ap-toggle" role="group" aria-label={PANEL_UI.viewMode}>
          <button
            type="button"
            className="ap-toggle-btn"
            aria-pressed={compact}
            onClick={() => setChosenCompact(true)}
          >
            {PANEL_UI.compact}
          </button>
          <button
            type="button"
            className="ap-toggle-btn"
            aria-pressed={!compact}
            onClick={() => setChosenCompact(false)}
          >
            {PANEL_UI.expanded}
          </button>
        </div>
      </header>

      {entries.length === 0 ? (
        <p className="muted">{PANEL_UI.empty}</p>
      ) : (
        <ul className={compact ? 'ap-list' : 'ap-grid'} style={compact ? undefined : gridStyle}>
          {entries.map((entry) => (
            <EntryItem
              key={entry.key}
              entry={entry}
              compact={compact}
              session={session}
              now={now}
              hasDestination={hasDestination}
              canCancelInvite={entryPermissions(entry, viewer).cancelInvite}
              cancelBusy={actions.cancelInvite.isPending}
              onCenter={() => showOnMap(entry, 'center')}
              onDetails={() => setDetailsKey(entry.key)}
              onCancelInvite={() => cancelInvite(entry)}
            />
          ))}
        </ul>
      )}

      {details && (
        <DetailsDialog
          entry={details}
          status={statusKind(details, hasDestination)}
          timing={entryTiming(details, session.arriveAt, now)}
          tzId={session.tzId}
          viewerTz={viewerTz}
          now={now}
          permissions={entryPermissions(details, viewer)}
          variant={variant}
          busy={{
            routeOptions: actions.routeOptions.isPending,
            enroute: actions.enroute.isPending,
            cancelInvite: actions.cancelInvite.isPending,
          }}
          fallbackFocus={heading}
          onClose={() => setDetailsKey(null)}
          onFindOnMap={() => findOnMap(details)}
          onCopyLink={() =>
            void copy(sessionLink, PANEL_TOASTS.linkCopied, PANEL_TOASTS.copyLinkFailed)
          }
          onCopyInviteCode={() => copyInviteCode(details)}
          onSaveRouteOptions={(options) => saveRouteOptions(details, options)}
          onToggleEnroute={() => toggleEnroute(details)}
          onLeave={() => setConfirming({ kind: 'leave', key: details.key })}
          onRemove={() => setConfirming({ kind: 'remove', key: details.key })}
          onCancelInvite={() => cancelInvite(details)}
        />
      )}

      {confirming?.kind === 'remove' && confirmEntry && (
        <ConfirmDialog
          title={PANEL_SPEC.confirmRemove}
          text={format(PANEL_SPEC.confirmRemoveText, { name: confirmEntry.label })}
          confirmLabel={PANEL_SPEC.remove}
          busy={actions.remove.isPending}
          variant={variant}
          fallbackFocus={heading}
          onConfirm={() => confirmRemove(confirmEntry)}
          onCancel={() => setConfirming(null)}
        />
      )}
      {confirming?.kind === 'leave' && confirmEntry && (
        <ConfirmDialog
          title={PANEL_SPEC.leaveSession}
          text={PANEL_UI.confirmLeave}
          confirmLabel={PANEL_SPEC.leaveSession}
          busy={actions.leave.isPending}
          variant={variant}
          fallbackFocus={heading}
          onConfirm={() => confirmLeave(confirmEntry)}
          onCancel={() => setConfirming(null)}
        />
      )}
    </section>
  );
}
