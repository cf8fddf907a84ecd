import type { RouteOptions } from '@oneeta/contracts';
import { useId, type RefObject } from 'react';
import { Avatar } from './Avatar';
import { type EntryPermissions, type PanelEntry, type StatusKind } from './entries';
import { Modal, type ModalVariant } from './Modal';
import { RouteOptionsForm } from './RouteOptionsForm';
import { UI } from '../../text';
import { PANEL_SPEC, PANEL_UI } from './texts';
import { clockText } from '@oneeta/travel';
import { leaveInText, type EntryTiming } from './timing';
import { statusText } from './status-text';
import { arrivedText } from './live-text';
import { isThere } from './live-state';

interface DetailsDialogProps {
  entry: PanelEntry;
  status: StatusKind;
  timing: EntryTiming;
  tzId: string | null;
  /** The viewer's zone: the depart time is shown in it. */
  viewerTz: string;
  now: Date;
  permissions: EntryPermissions;
  variant: ModalVariant;
  busy: { routeOptions: boolean; enroute: boolean; cancelInvite: boolean };
  fallbackFocus: RefObject<HTMLElement | null>;
  onClose: () => void;
  onFindOnMap: () => void;
  onCopyLink: () => void;
  onCopyInviteCode: () => void;
  onSaveRouteOptions: (options: RouteOptions) => void;
  onToggleEnroute: () => void;
  onLeave: () => void;
  onRemove: () => void;
  onCancelInvite: () => void;
}

/**
 * A participant's details (doc 2 §2): a bottom sheet on narrow screens, a centred popout on wide
 * ones. Travel time, distance, depart time, earliest-now time, last update and 'Leave in'; the
 * current user's route options and enroute toggle; Leave session, Find on map, Copy link, Close.
 */
export function DetailsDialog(props: DetailsDialogProps) {
  const { entry, status, timing, tzId, now, permissions, variant, busy } = props;
  const titleId = useId();
  const { viewerTz } = props;
  // Arrival-side times in the destination's zone, the depart time in the viewer's; labelled.
  const clock = (date: Date | null) =>
    date ? clockText(date, tzId, { now, viewerTz }).text : PANEL_UI.noTime;
  const departClock = (date: Date | null) =>
    date ? clockText(date, viewerTz, { now, viewerTz, pairedWith: tzId }).text : PANEL_UI.noTime;
  const arrived = arrivedText(entry.arrivedAt, (d) => clock(d));
  const there = isThere(entry);
  const leaveIn =
    timing.leaveInSeconds === null
      ? PANEL_UI.noTime
      : (leaveInText(timing.leaveInSeconds) ?? PANEL_UI.leaveNow);
  const rows: [string, string][] = entry.pending
    ? [
        [PANEL_UI.email, entry.email ?? PANEL_UI.noTime],
        ...(entry.inviterName
          ? ([[PANEL_UI.invitedByLabel, entry.inviterName]] as [string, string][])
          : []),
      ]
    : [
        [PANEL_UI.travelTime, timing.travelTime ?? PANEL_UI.noTime],
        [PANEL_UI.distance, timing.distance ?? PANEL_UI.noTime],
        // Someone already there has no time to leave by.
        ...(there
          ? []
          : ([
              [PANEL_UI.departTime, departClock(timing.departAt)],
              [PANEL_UI.earliestNow, clock(timing.earliestNow)],
            ] as [string, string][])),
        [PANEL_UI.lastUpdate, timing.lastUpdate ?? PANEL_UI.noTime],
        ...(there ? [] : ([[PANEL_SPEC.leaveIn, leaveIn]] as [string, string][])),
      ];

  return (
    <Modal
      labelledBy={titleId}
      onClose={props.onClose}
      variant={variant}
      fallbackFocus={props.fallbackFocus}
      className="ap-details"
    >
      <div className="ap-details-head">
        <Avatar entry={entry} large />
        <div className="ap-details-heading">
          <h2 id={titleId} className="ap-dialog-title">
            {entry.label}
          </h2>
          <p className="ap-status" data-status={status}>
            {statusText(status)}
            {entry.isOwner && <span className="badge">{UI.owner}</span>}
            {entry.enroute && <span className="badge ap-badge-enroute">{PANEL_SPEC.enroute}</span>}
          </p>
          {arrived && (
            <p className="ap-arrived" data-arrived>
              {arrived}
            </p>
          )}
        </div>
      </div>

      <dl className="ap-facts">
        {rows.map(([term, value]) => (
          <div key={term} className="ap-fact">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>

      {permissions.copyInviteCode && (
        <div className="ap-invite-code">
          <span className="ap-fact-term">{PANEL_UI.inviteCode}</span>
          {entry.inviteCode && <code className="session-code">{entry.inviteCode}</code>}
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={props.onCopyInviteCode}
          >
            {PANEL_UI.copyInviteCode}
          </button>
        </div>
      )}

      {permissions.editOwn && (
        <>
          <div className="ap-enroute">
            <button
              type="button"
              className={`btn btn-sm ${entry.enroute ? 'ap-btn-enroute' : 'btn-secondary'}`}
              aria-pressed={entry.enroute}
              disabled={busy.enroute}
              onClick={props.onToggleEnroute}
            >
              {entry.enroute ? PANEL_SPEC.enroute : PANEL_SPEC.markEnroute}
            </button>
          </div>
          <RouteOptionsForm
            key={routeOptionsKey(entry.routeOptions)}
            value={entry.routeOptions}
            busy={busy.routeOptions}
            onSave={props.onSaveRouteOptions}
          />
        </>
      )}

      <div className="ap-dialog-actions">
        {permissions.leave && (
          <button type="button" className="btn ap-btn-danger" onClick={props.onLeave}>
            {PANEL_SPEC.leaveSession}
          </button>
        )}
        {permissions.remove && (
          <button type="button" className="btn ap-btn-danger" onClick={props.onRemove}>
            {PANEL_SPEC.remove}
          </button>
        )}
        {permissions.cancelInvite && (
          <button
            type="button"
            className="btn btn-secondary"
            disabled={busy.cancelInvite}
            onClick={props.onCancelInvite}
          >
            {PANEL_SPEC.cancelInvite}
          </button>
        )}
        <button type="button" className="btn btn-secondary" onClick={props.onFindOnMap}>
          {PANEL_SPEC.findOnMap}
        </button>
        <button type="button" className="btn btn-secondary" onClick={props.onCopyLink}>
          {PANEL_SPEC.copyLink}
        </button>
        <button type="button" className="btn btn-primary" onClick={props.onClose}>
          {PANEL_SPEC.close}
        </button>
      </div>
    </Modal>
  );
}

const routeOptionsKey = (o: RouteOptions | null) =>
  o ? `${o.travelMode}:${o.routeType}:${o.avoidTolls ? 1 : 0}` : 'default';
