import { format } from '@oneeta/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { errorMessage } from '../../api/client';
import { myInvitesQuery } from '../../api/invites';
import { UI } from '../../text';
import { formatInZone } from '../../lib/datetime';
import { useViewerZone } from '../arrival-panel/viewer-zone';
import { useSessionLimits } from '../../hooks/use-session-limits';
import { acceptBlockReason } from './limit-reason';
import { SESSIONS_UI } from './texts';
import './sessions.css';

/**
 * 'Your invites' on /sessions: the signed-in user's pending invites (matched by their verified
 * e-mail), each with 'Open invite' to its invite page. Hidden when there are none; an unverified
 * e-mail is told why none can show.
 */
export function MyInvites() {
  const invites = useQuery(myInvitesQuery());
  const titleId = useId();
  const zone = useViewerZone();
  const items = invites.data?.items ?? [];
  const unverified = invites.data?.emailVerified === false;
  const limits = useSessionLimits(items.length > 0);
  const blocked = acceptBlockReason(limits.data);
  if (invites.isPending || (!invites.isError && items.length === 0 && !unverified)) return null;

  return (
    <section className="card session-section" aria-labelledby={titleId}>
      <h2 id={titleId}>{SESSIONS_UI.myInvitesTitle}</h2>
      {invites.isError ? (
        <p className="notice notice-error" role="alert">
          {errorMessage(invites.error, SESSIONS_UI.inviteLoadFailed)}
        </p>
      ) : unverified ? (
        <p className="muted">
          {SESSIONS_UI.verifyToSeeInvites}{' '}
          <Link to="/profile" className="link">
            {SESSIONS_UI.verifyLink}
          </Link>
        </p>
      ) : (
        <>
          {blocked && (
            <p className="notice notice-info" role="status">
              {blocked}{' '}
              <Link to="/plans" className="link">
                {SESSIONS_UI.seePlans}
              </Link>
            </p>
          )}
          <ul className="session-list">
            {items.map((item) => {
              const when = formatInZone(item.arriveAt, item.tzId, zone);
              const title = item.destinationName ?? UI.noDestination;
              return (
                <li key={item.inviteId} className="session-item my-invite">
                  <span className="session-item-main">
                    <span className="session-item-title">{title}</span>
                    <span className="session-item-meta">
                      {item.inviterName && (
                        <>
                          <span>{format(SESSIONS_UI.invitedBy, { name: item.inviterName })}</span>
                          {when && ' · '}
                        </>
                      )}
                      {when && <span className="nowrap">{when}</span>}
                    </span>
                  </span>
                  <Link
                    to="/session/$id/invite/$code"
                    params={{ id: item.sessionId, code: item.code }}
                    className="btn btn-primary btn-sm"
                    aria-label={`${SESSIONS_UI.openInvite}: ${title}`}
                  >
                    {SESSIONS_UI.openInvite}
                  </Link>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
