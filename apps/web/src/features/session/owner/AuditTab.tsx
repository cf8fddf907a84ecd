import { AUDIT_TABLE_MAX_HEIGHT_PX, format, MESSAGES } from '@oneeta/contracts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { sessionAuditQuery, sessionAuditSummaryQuery } from '../../../api/usage';
import { useToken } from '../../../hooks/use-token';
import { auditError, describeRecord } from './owner-tools-logic';
import { SESSION_UI } from '../texts';

const when = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'medium' });
};

/**
 * The owner's audit tab: summary totals, then the entries in a table at most
 * AUDIT_TABLE_MAX_HEIGHT_PX high, paged by cursor ('Load more'). Signed out: 'Sign in to view
 * audit logs'; 403: 'You are not authorized to view logs for this session'.
 */
export function AuditTab({ sessionId }: { sessionId: string }) {
  const token = useToken();
  const pages = useInfiniteQuery({ ...sessionAuditQuery(sessionId), enabled: token !== null });
  const summary = useQuery({ ...sessionAuditSummaryQuery(sessionId), enabled: token !== null });

  if (token === null) return <p className="notice notice-info">{MESSAGES.auditSignIn}</p>;
  if (pages.isPending) {
    return (
      <p className="muted" role="status">
        {SESSION_UI.loading}
      </p>
    );
  }
  if (pages.isError) {
    return (
      <div className="qs-tool-error">
        <p className="notice notice-error" role="alert">
          {auditError(pages.error)}
        </p>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          onClick={() => void pages.refetch()}
        >
          {SESSION_UI.retry}
        </button>
      </div>
    );
  }
  const items = pages.data.pages.flatMap((p) => p.items);
  return (
    <div className="qs-audit">
      {summary.data && (
        <p className="qs-totals">
          {format(SESSION_UI.auditTotals, {
            count: summary.data.totals.count,
            azure: summary.data.totals.azureRequests,
          })}
        </p>
      )}
      {items.length === 0 ? (
        <p className="muted">{SESSION_UI.auditEmpty}</p>
      ) : (
        <div
          className="qs-audit-scroll"
          style={{ maxHeight: AUDIT_TABLE_MAX_HEIGHT_PX }}
          tabIndex={0}
          role="region"
          aria-label={SESSION_UI.auditTab}
        >
          <table className="qs-table">
            <thead>
              <tr>
                <th scope="col">{SESSION_UI.colTime}</th>
                <th scope="col">{SESSION_UI.colEvent}</th>
                <th scope="col">{SESSION_UI.colRequest}</th>
                <th scope="col">{SESSION_UI.colResult}</th>
                <th scope="col">{SESSION_UI.colRequests}</th>
                <th scope="col">{SESSION_UI.colStrategy}</th>
                <th scope="col">{SESSION_UI.colDuration}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item._id}>
                  <td>{when(item.createdAt)}</td>
                  <td>{item.event}</td>
                  <td>{describeRecord(item.request)}</td>
                  <td>{describeRecord(item.result)}</td>
                  <td>{item.metrics.azureRequests}</td>
                  <td>{item.metrics.strategy ?? ''}</td>
                  <td>
                    {item.metrics.durationMs !== undefined
                      ? `${Math.round(item.metrics.durationMs)} ms`
                      : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages.hasNextPage && (
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          disabled={pages.isFetchingNextPage}
          onClick={() => void pages.fetchNextPage()}
        >
          {pages.isFetchingNextPage ? SESSION_UI.loading : SESSION_UI.loadMore}
        </button>
      )}
    </div>
  );
}
