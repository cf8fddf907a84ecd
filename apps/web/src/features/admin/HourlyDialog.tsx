import { format } from '@oneeta/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  adminSessionChatsQuery,
  adminSessionMatrixQuery,
  adminSessionNotificationsQuery,
} from '../../api/admin';
import { hourLabel } from '../session/owner/owner-tools-logic';
import { AdminDialog } from './AdminDialog';
import { BarChartFigure } from './BarChartFigure';
import { num, ScrollTable } from './ScrollTable';
import { ADMIN_SPEC, ADMIN_UI } from './texts';
import { queryNotice } from './query-notice';

/**
 * 'View hourly': a session's maps usage per UTC hour (a chart and its table), then its
 * notifications and chat per hour when there are any (their failures are silent, doc 2 §8).
 */
export function HourlyDialog({ sessionId, onClose }: { sessionId: string; onClose: () => void }) {
  const matrix = useQuery(adminSessionMatrixQuery(sessionId));
  const notifications = useQuery(adminSessionNotificationsQuery(sessionId));
  const chats = useQuery(adminSessionChatsQuery(sessionId));
  const hourly = matrix.data?.hourly ?? [];
  const notificationHours = notifications.data?.hourly ?? [];
  const chatHours = chats.data?.hourly ?? [];

  return (
    <AdminDialog title={format(ADMIN_UI.hourlyTitle, { id: sessionId })} onClose={onClose}>
      {queryNotice(matrix) ??
        (hourly.length === 0 ? (
          <p className="muted">{ADMIN_SPEC.noHourly}</p>
        ) : (
          <>
            <BarChartFigure
              caption={ADMIN_UI.hourlyChart}
              data={hourly.map((h) => ({
                label: hourLabel(h.dateHour),
                count: h.count,
                azureRequests: h.azureRequests,
              }))}
              series={[
                { key: 'count', name: ADMIN_UI.colCount, color: '#1d4ed8' },
                { key: 'azureRequests', name: ADMIN_UI.colAzure, color: '#0f766e' },
              ]}
            />
            <ScrollTable
              label={ADMIN_UI.hourlyChart}
              columns={[
                ADMIN_UI.colHour,
                num(ADMIN_UI.colAzure),
                num(ADMIN_UI.colCount),
                num(ADMIN_UI.colCells),
                num(ADMIN_UI.colTransactions),
              ]}
            >
              <tbody>
                {hourly.map((h) => (
                  <tr key={h.dateHour}>
                    <th scope="row">{hourLabel(h.dateHour)}</th>
                    <td className="num">{h.azureRequests}</td>
                    <td className="num">{h.count}</td>
                    <td className="num">{h.totalCells}</td>
                    <td className="num">{h.transactions}</td>
                  </tr>
                ))}
              </tbody>
            </ScrollTable>
          </>
        ))}
      {notificationHours.length > 0 && (
        <>
          <h3>{ADMIN_UI.notificationsHourly}</h3>
          <ScrollTable
            label={ADMIN_UI.notificationsHourly}
            columns={[
              ADMIN_UI.colHour,
              num(ADMIN_UI.colNotifications),
              num(ADMIN_UI.colSms),
              num(ADMIN_UI.colEmailCount),
              num(ADMIN_UI.colPush),
            ]}
          >
            <tbody>
              {notificationHours.map((h) => (
                <tr key={h.hour}>
                  <th scope="row">{hourLabel(h.hour)}</th>
                  <td className="num">{h.notifications}</td>
                  <td className="num">{h.smsCount}</td>
                  <td className="num">{h.emailCount}</td>
                  <td className="num">{h.pushCount}</td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        </>
      )}
      {chatHours.length > 0 && (
        <>
          <h3>{ADMIN_UI.chatHourly}</h3>
          <ScrollTable
            label={ADMIN_UI.chatHourly}
            columns={[ADMIN_UI.colHour, num(ADMIN_UI.colMessages), num(ADMIN_UI.colLength)]}
          >
            <tbody>
              {chatHours.map((h) => (
                <tr key={h.hour}>
                  <th scope="row">{hourLabel(h.hour)}</th>
                  <td className="num">{h.messages}</td>
                  <td className="num">{h.totalLength}</td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        </>
      )}
    </AdminDialog>
  );
}
