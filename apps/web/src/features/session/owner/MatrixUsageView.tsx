import { useQuery } from '@tanstack/react-query';
import { matrixUsageQuery } from '../../../api/usage';
import { useToken } from '../../../hooks/use-token';
import { MESSAGES } from '@oneeta/contracts';
import { hourLabel, usageBarHeight, usageError } from './owner-tools-logic';
import { SESSION_UI } from '../texts';

/** Route-matrix calls per UTC hour: one bar per hour, min(80, 10 + 8 × count) px high. */
export function MatrixUsageView({ sessionId }: { sessionId: string }) {
  const token = useToken();
  const usage = useQuery({ ...matrixUsageQuery(sessionId), enabled: token !== null });

  if (token === null) return <p className="notice notice-info">{MESSAGES.auditSignIn}</p>;
  if (usage.isPending) {
    return (
      <p className="muted" role="status">
        {SESSION_UI.loading}
      </p>
    );
  }
  if (usage.isError) {
    return (
      <div className="qs-tool-error">
        <p className="notice notice-error" role="alert">
          {usageError(usage.error)}
        </p>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          onClick={() => void usage.refetch()}
        >
          {SESSION_UI.retry}
        </button>
      </div>
    );
  }
  const rows = usage.data.usage;
  if (rows.length === 0) return <p className="muted">{SESSION_UI.usageEmpty}</p>;
  return (
    <figure className="qs-usage">
      <div className="qs-usage-bars" aria-hidden="true">
        {rows.map((row) => (
          <div
            key={row.dateHour}
            className="qs-usage-bar"
            title={`${hourLabel(row.dateHour)}: ${row.count}`}
          >
            <span style={{ height: usageBarHeight(row.count) }} />
          </div>
        ))}
      </div>
      <figcaption className="muted">{SESSION_UI.usageChartLabel}</figcaption>
      <table className="visually-hidden">
        <caption>{SESSION_UI.usageChartLabel}</caption>
        <tbody>
          {rows.map((row) => (
            <tr key={row.dateHour}>
              <th scope="row">{hourLabel(row.dateHour)}</th>
              <td>{row.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
