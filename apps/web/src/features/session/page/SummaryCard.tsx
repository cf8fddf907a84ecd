import type { Session } from '@oneeta/contracts';
import type { ReactNode } from 'react';
import { formatInZone } from '../../../lib/datetime';
import { buildEntries } from '../../arrival-panel/entries';
import { participantCounts } from '../../arrival-panel/live-state';
import { countText } from '../../arrival-panel/live-text';
import { useViewerZone } from '../../arrival-panel/viewer-zone';
import { SPEC, UI } from '../../../text';
import { useToast } from '../../toast';
import { copyText, sessionLinkOf } from '../clipboard';
import { sessionStatusLabel } from './session-status';
import { SESSION_UI } from '../texts';

export interface SummaryProps {
  id: string;
  session: Session | null;
  /** A guest sees 'Read-only' even before the session exists. */
  guest: boolean;
  /** null: live updates do not apply (a new session). */
  live: boolean | null;
  /** Small controls beside 'Copy session link' (the viewer's 'Mute notifications'). */
  actions?: ReactNode;
}

function LiveDot({ live }: { live: boolean | null }) {
  const text =
    live === null
      ? SESSION_UI.liveOff
      : live
        ? SESSION_UI.liveConnected
        : SESSION_UI.liveDisconnected;
  return (
    <p className="qs-live" data-live={live === null ? 'off' : String(live)}>
      <span className="qs-live-dot" aria-hidden="true" />
      <span>{text}</span>
    </p>
  );
}

/**
 * The summary card (doc 1 §2): destination, arrival time, timezone, participant count, status
 * (Closed, Open or Read-only), the session id with a copy button and the live-updates dot.
 */
export function SummaryCard({ id, session, guest, live, actions }: SummaryProps) {
  const toast = useToast();
  const status = session
    ? sessionStatusLabel(session)
    : guest
      ? SPEC.statusReadOnly
      : SPEC.statusOpen;
  const viewerTz = useViewerZone();
  // In the destination's zone, labelled when it is not the viewer's.
  const arrival = session ? formatInZone(session.arriveAt, session.tzId, viewerTz) : null;

  const copy = async () => {
    if (await copyText(sessionLinkOf(id))) toast.success(SPEC.quickLinkCopied);
    else toast.error(SPEC.couldNotCopyLink);
  };

  return (
    <section className="card qs-summary" aria-labelledby="qs-title">
      <div className="qs-summary-head">
        <div className="qs-summary-id">
          <span className="eyebrow">{SESSION_UI.sessionId}</span>
          <code className="session-code">{id}</code>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => void copy()}>
            {SESSION_UI.copySessionLink}
          </button>
          {actions}
        </div>
        <LiveDot live={live} />
      </div>
      <h1 id="qs-title">{session?.destination?.name ?? UI.newSessionTitle}</h1>
      {session?.destination?.address && (
        <p className="muted qs-address">{session.destination.address}</p>
      )}
      <dl className="facts qs-facts">
        <div>
          <dt>{SESSION_UI.destination}</dt>
          <dd>{session?.destination?.name ?? SESSION_UI.notSet}</dd>
        </div>
        <div>
          <dt>{SESSION_UI.arrivalTime}</dt>
          <dd>{arrival ?? SESSION_UI.notSet}</dd>
        </div>
        <div>
          <dt>{SESSION_UI.timezone}</dt>
          <dd className="qs-zone">
            {session?.tzId ? <ZoneId tzId={session.tzId} /> : SESSION_UI.notSet}
          </dd>
        </div>
        <div>
          <dt>{SESSION_UI.participants}</dt>
          <dd>{countText(participantCounts(session ? buildEntries(session, null) : []))}</dd>
        </div>
        <div>
          <dt>{SESSION_UI.status}</dt>
          <dd>
            <span className="badge" data-status={status.toLowerCase()}>
              {status}
            </span>
          </dd>
        </div>
      </dl>
    </section>
  );
}

/** 'America/Los_Angeles' that wraps only after a '/', never inside a place name. */
function ZoneId({ tzId }: { tzId: string }) {
  const parts = tzId.split('/');
  return (
    <>
      {parts.map((part, i) => (
        <span key={i}>
          {i > 0 && <wbr />}
          <span className="qs-nowrap">{i < parts.length - 1 ? `${part}/` : part}</span>
        </span>
      ))}
    </>
  );
}
