import { MESSAGES } from '@oneeta/contracts';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { errorMessage } from '../../api/client';
import type { SessionStatus } from '../../api/sessions';
import { useSessions } from '../../hooks/use-sessions';
import { formatInZone } from '../../lib/datetime';
import { useViewerZone } from '../arrival-panel/viewer-zone';
import { participantCountLabel } from '../../lib/labels';
import { SPEC, UI } from '../../text';

/** One list of the user's sessions (open or closed), a page at a time with 'Load more'. */
export function SessionList({ status, title }: { status: SessionStatus; title: string }) {
  const viewerTz = useViewerZone();
  const sessions = useSessions(status);
  const titleId = useId();
  const items = sessions.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section className="card session-section" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      {sessions.isPending ? (
        <p className="muted" role="status">
          {UI.loading}
        </p>
      ) : sessions.isError && items.length === 0 ? (
        <p className="notice notice-error" role="alert">
          {errorMessage(sessions.error, MESSAGES.fetchSessionsFailed)}
        </p>
      ) : items.length === 0 ? (
        <p className="muted">{status === 'open' ? UI.noOpenSessions : UI.noClosedSessions}</p>
      ) : (
        <ul className="session-list">
          {items.map((item) => {
            const when = formatInZone(item.arriveAt, item.tzId, viewerTz);
            return (
              <li key={item.sessionId}>
                <Link to="/s/$id" params={{ id: item.sessionId }} className="session-item">
                  <span className="session-item-main">
                    <span className="session-item-title">
                      {item.destinationName ?? UI.noDestination}
                    </span>
                    <span className="session-item-meta">
                      {when && (
                        <>
                          <span className="nowrap">{when}</span>
                          {' · '}
                        </>
                      )}
                      <span className="nowrap">{participantCountLabel(item.participantCount)}</span>
                    </span>
                  </span>
                  <span className="session-item-side">
                    <span className="badge">
                      {item.role === 'owner' ? UI.owner : UI.participant}
                    </span>
                    <code className="session-code">{item.sessionId}</code>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      {sessions.isFetchNextPageError && (
        <p className="notice notice-error" role="alert">
          {errorMessage(sessions.error, MESSAGES.fetchSessionsFailed)}
        </p>
      )}
      {sessions.hasNextPage && (
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => void sessions.fetchNextPage()}
          disabled={sessions.isFetchingNextPage}
        >
          {sessions.isFetchingNextPage ? UI.loading : SPEC.loadMore}
        </button>
      )}
    </section>
  );
}
