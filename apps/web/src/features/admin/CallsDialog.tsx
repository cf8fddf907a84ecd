import { format } from '@oneeta/contracts';
import { useQuery } from '@tanstack/react-query';
import { adminTravelTimesQuery } from '../../api/admin';
import { AdminDialog } from './AdminDialog';
import { httpErrorText, travelCallRow } from './admin-logic';
import { ScrollTable } from './ScrollTable';
import { ADMIN_SPEC, ADMIN_UI } from './texts';

/** 'Inspect calls': the session's travel_times audit entries (doc 2 §3), newest first. */
export function CallsDialog({ sessionId, onClose }: { sessionId: string; onClose: () => void }) {
  const audit = useQuery(adminTravelTimesQuery(sessionId));
  const rows = (audit.data?.items ?? []).map((entry) => travelCallRow(entry));
  return (
    <AdminDialog title={format(ADMIN_UI.callsTitle, { id: sessionId })} onClose={onClose}>
      {audit.isPending ? (
        <p className="muted" role="status">
          {ADMIN_UI.loading}
        </p>
      ) : audit.isError ? (
        <p className="notice notice-error" role="alert">
          {httpErrorText(audit.error)}
        </p>
      ) : rows.length === 0 ? (
        <p className="muted">{ADMIN_SPEC.noTravelTimes}</p>
      ) : (
        <ScrollTable label={format(ADMIN_UI.callsTitle, { id: sessionId })}>
          <thead>
            <tr>
              <th scope="col">{ADMIN_UI.colTime}</th>
              <th scope="col">{ADMIN_UI.colOrigins}</th>
              <th scope="col">{ADMIN_UI.colDestination}</th>
              <th scope="col">{ADMIN_UI.colWhen}</th>
              <th scope="col">{ADMIN_UI.colMode}</th>
              <th scope="col">{ADMIN_UI.colStrategy}</th>
              <th scope="col" className="num">
                {ADMIN_UI.colAzure}
              </th>
              <th scope="col" className="num">
                {ADMIN_UI.colDuration}
              </th>
            </tr>
          </thead>
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
      )}
    </AdminDialog>
  );
}
