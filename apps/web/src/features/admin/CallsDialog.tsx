import { format } from '@oneeta/contracts';
import { useQuery } from '@tanstack/react-query';
import { adminTravelTimesQuery } from '../../api/admin';
import { AdminDialog } from './AdminDialog';
import { travelCallRow } from './admin-logic';
import { num, ScrollTable } from './ScrollTable';
import { ADMIN_SPEC, ADMIN_UI } from './texts';
import { queryNotice } from './query-notice';

/** 'Inspect calls': the session's travel_times audit entries (doc 2 §3), newest first. */
export function CallsDialog({ sessionId, onClose }: { sessionId: string; onClose: () => void }) {
  const audit = useQuery(adminTravelTimesQuery(sessionId));
  const rows = (audit.data?.items ?? []).map((entry) => travelCallRow(entry));
  return (
    <AdminDialog title={format(ADMIN_UI.callsTitle, { id: sessionId })} onClose={onClose}>
      {queryNotice(audit) ??
        (rows.length === 0 ? (
          <p className="muted">{ADMIN_SPEC.noTravelTimes}</p>
        ) : (
          <ScrollTable
            label={format(ADMIN_UI.callsTitle, { id: sessionId })}
            columns={[
              ADMIN_UI.colTime,
              ADMIN_UI.colOrigins,
              ADMIN_UI.colDestination,
              ADMIN_UI.colWhen,
              ADMIN_UI.colMode,
              ADMIN_UI.colStrategy,
              num(ADMIN_UI.colAzure),
              num(ADMIN_UI.colDuration),
            ]}
          >
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td>{row.time}</td>
                  <td>
                    {row.originCount}: {row.origins}
                  </td>
                  <td>{row.destination}</td>
                  <td>{row.when}</td>
                  <td>{row.mode}</td>
                  <td>{row.strategy}</td>
                  <td className="num">{row.azureRequests}</td>
                  <td className="num">{row.durationMs === null ? '' : `${row.durationMs} ms`}</td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        ))}
    </AdminDialog>
  );
}
