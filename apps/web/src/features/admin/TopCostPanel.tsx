import { useQuery } from '@tanstack/react-query';
import { adminMatrixTopQuery } from '../../api/admin';
import { formatCost, formatCostTick, topByCost, TOP_COST_COUNT } from './admin-logic';
import { BarChartFigure } from './BarChartFigure';
import { num, ScrollTable } from './ScrollTable';
import { ADMIN_SPEC, ADMIN_UI } from './texts';
import { queryNotice } from './query-notice';

/** Top sessions by estimated cost (doc 2 §2, §9): a bar chart and a table of the top 10, most first. */
export function TopCostPanel() {
  const top = useQuery(adminMatrixTopQuery());
  const rows = topByCost(top.data?.items ?? [], TOP_COST_COUNT);
  return (
    <section className="card admin-panel">
      <h3 id="admin-top-cost">{ADMIN_UI.topCost}</h3>
      {queryNotice(top) ??
        (rows.length === 0 ? (
          <p className="muted">{ADMIN_SPEC.noData}</p>
        ) : (
          <>
            <BarChartFigure
              caption={ADMIN_UI.topCostChart}
              data={rows.map((r) => ({ label: r.sessionId, cost: r.estimatedCost }))}
              series={[{ key: 'cost', name: ADMIN_UI.colCost, color: '#1d4ed8' }]}
              formatValue={formatCost}
              formatTick={formatCostTick}
            />
            <ScrollTable
              label={ADMIN_UI.topCost}
              columns={[
                ADMIN_UI.colSession,
                num(ADMIN_UI.colCost),
                num(ADMIN_UI.colCalls),
                num(ADMIN_UI.colCells),
                num(ADMIN_UI.colTransactions),
              ]}
            >
              <tbody>
                {rows.map((r) => (
                  <tr key={r.sessionId}>
                    <th scope="row" className="admin-mono">
                      {r.sessionId}
                    </th>
                    <td className="num">{formatCost(r.estimatedCost)}</td>
                    <td className="num">{r.totalMatrixCalls}</td>
                    <td className="num">{r.totalCells}</td>
                    <td className="num">{r.totalTransactions}</td>
                  </tr>
                ))}
              </tbody>
            </ScrollTable>
          </>
        ))}
    </section>
  );
}
