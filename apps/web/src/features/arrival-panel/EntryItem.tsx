import type { Session } from '@oneeta/contracts';
import { clockText } from '@oneeta/travel';
import { useId } from 'react';
import { UI } from '../../text';
import { Avatar } from './Avatar';
import { statusKind, type PanelEntry } from './entries';
import { liveState, type LiveState } from './live-state';
import { arrivedText, directionsFor, etaText } from './live-text';
import { statusText } from './status-text';
import { PANEL_SPEC, PANEL_UI } from './texts';
import { entryTiming, leaveInText } from './timing';
import { useViewerZone } from './viewer-zone';
import { currentMapsPlatform } from '../../lib/maps-link';

export interface EntryItemProps {
  entry: PanelEntry;
  compact: boolean;
  session: Session;
  now: Date;
  hasDestination: boolean;
  canCancelInvite: boolean;
  cancelBusy: boolean;
  onCenter: () => void;
  onDetails: () => void;
  onCancelInvite: () => void;
}

/** The live line of an entry: 'Leave in 12 min', 'ETA 3:28 PM · 28 min late', 'At the destination'. */
export function liveLine(
  state: LiveState,
  clock: (d: Date) => string,
): { text: string; late: boolean } | null {
  switch (state.kind) {
    case 'there':
      return { text: PANEL_UI.atDestination, late: false };
    case 'onTheWay':
      return {
        text: `${PANEL_UI.onTheWay} · ${etaText(state, clock)}`,
        late: state.minutesLate > 0,
      };
    case 'enroute':
    case 'late':
      return { text: etaText(state, clock) ?? '', late: state.minutesLate > 0 };
    case 'onTime': {
      if (state.leaveInSeconds === null) return null;
      const leaveIn = leaveInText(state.leaveInSeconds);
      return {
        text: leaveIn === null ? PANEL_UI.leaveNow : `${PANEL_SPEC.leaveIn} ${leaveIn}`,
        late: leaveIn === null,
      };
    }
    default:
      return null;
  }
}

/** One participant or pending invite: a list row (compact) or a card (expanded). */
export function EntryItem({
  entry,
  compact,
  session,
  now,
  hasDestination,
  canCancelInvite,
  cancelBusy,
  onCenter,
  onDetails,
  onCancelInvite,
}: EntryItemProps) {
  const labelId = useId();
  const viewerTz = useViewerZone();
  const status = statusKind(entry, hasDestination);
  const timing = entryTiming(entry, session.arriveAt, now);
  const target = session.arriveAt ? new Date(session.arriveAt) : null;
  const state = liveState(entry, { target, hasDestination, now });
  // Arrival-side times in the destination's zone, leave-by in the viewer's; labelled when they differ.
  const arrivalClock = (date: Date) => clockText(date, session.tzId, { now, viewerTz }).text;
  const leaveClock = (date: Date) =>
    clockText(date, viewerTz, { now, viewerTz, pairedWith: session.tzId }).text;
  const route = [timing.travelTime, timing.distance].filter(Boolean).join(' · ');
  const line = liveLine(state, arrivalClock);
  // Detected at the destination by the server (issue 15): 'Arrived 3:02 PM' beside the name.
  const arrived = arrivedText(entry.arrivedAt, arrivalClock);
  // The viewer's own way there: directions in their maps app (others' entries have none to give).
  const directions = entry.isCurrentUser
    ? directionsFor(session.destination, entry, state.kind, currentMapsPlatform())
    : null;

  return (
    <li
      className={compact ? 'ap-row' : 'ap-card'}
      data-pending={entry.pending || undefined}
      data-me={entry.isCurrentUser || undefined}
      data-participant-id={entry.key}
      data-live={state.kind}
    >
      <Avatar entry={entry} />
      <div className="ap-main">
        <p className="ap-label">
          <span id={labelId} className="ap-name">
            {entry.label}
          </span>
          {entry.isCurrentUser && <span className="visually-hidden"> ({PANEL_SPEC.you})</span>}
          {entry.isOwner && <span className="badge">{UI.owner}</span>}
          {entry.enroute && <span className="badge ap-badge-enroute">{PANEL_SPEC.enroute}</span>}
          {arrived && (
            <span className="badge ap-badge-arrived" data-arrived>
              {arrived}
            </span>
          )}
        </p>
        <p className="ap-status" data-status={status}>
          {statusText(status)}
          {route && (
            <span className="ap-route">
              <span className="ap-route-sep"> · </span>
              {route}
            </span>
          )}
        </p>
        {timing.arriveAt && timing.departAt && (
          <p className="ap-times">
            <span>
              {PANEL_UI.arrive}{' '}
              <time dateTime={timing.arriveAt.toISOString()}>{arrivalClock(timing.arriveAt)}</time>
            </span>
            {(state.kind === 'onTime' || state.kind === 'enroute') && (
              <span>
                {PANEL_UI.leave}{' '}
                <time dateTime={timing.departAt.toISOString()}>{leaveClock(timing.departAt)}</time>
              </span>
            )}
          </p>
        )}
        {line && (
          <p className="ap-leave-in" data-late={line.late || undefined} data-kind={state.kind}>
            {line.text}
          </p>
        )}
      </div>
      <div className="ap-actions">
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          aria-describedby={labelId}
          onClick={onCenter}
        >
          {PANEL_SPEC.centerOnMap}
        </button>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          aria-describedby={labelId}
          onClick={onDetails}
        >
          {PANEL_SPEC.details}
        </button>
        {directions && (
          <a
            className="btn btn-ghost btn-sm"
            href={directions}
            target="_blank"
            rel="noopener noreferrer"
            aria-describedby={labelId}
          >
            {PANEL_UI.openInMaps}
          </a>
        )}
        {canCancelInvite && (
          <button
            type="button"
            className="btn btn-ghost btn-sm ap-btn-cancel"
            aria-describedby={labelId}
            disabled={cancelBusy}
            onClick={onCancelInvite}
          >
            {PANEL_SPEC.cancelInvite}
          </button>
        )}
      </div>
    </li>
  );
}
