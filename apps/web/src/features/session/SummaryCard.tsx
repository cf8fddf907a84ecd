import type { Session } from '@oneeta/contracts';
import { formatInZone } from '../../lib/datetime';
import { SPEC, UI } from '../../text';
import { useToast } from '../toast';
import { copyText, sessionLinkOf } from './clipboard';
import { activeParticipants, sessionStatusLabel } from './session-status';
import { SESSION_UI } from './texts';

export interface SummaryProps {
  id: string;
  session: Session | null;
  /** A guest sees 'Read-only' even before the session exists. */
  guest: boolean;
  /** null: live updates do not apply (a new session). */
  live: boolean | null;
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
export function SummaryCard({ id, session, guest, live }: SummaryProps) {
  const toast = useToast();
  const status = session
    ? sessionStatusLabel(session)
    : guest
      ? SPEC.statusReadOnly
      : SPEC.statusOpen;
  const arrival = session ? formatInZone(session.arriveAt, session.tzId) : null;

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
          <dd>{session?.tzId ?? SESSION_UI.notSet}</dd>
        </div>
        <div>
          <dt>{SESSION_UI.participants}</dt>
          <dd>{session ? activeParticipants(session).length : 0}</dd>
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
