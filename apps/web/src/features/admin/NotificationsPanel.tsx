import { useQuery } from '@tanstack/react-query';
import { adminCallSecondsQuery, adminChatsQuery, adminNotificationsQuery } from '../../api/admin';
import { num, ScrollTable } from './ScrollTable';
import { ADMIN_SPEC, ADMIN_UI } from './texts';

/**
 * Notifications, chat and call seconds per session. These are secondary fetches: a failure is
 * silent (doc 2 §8 "Admin"), the table just stays empty ('No data').
 */
export function NotificationsPanel() {
  const notifications = useQuery(adminNotificationsQuery());
  const chats = useQuery(adminChatsQuery());
  const calls = useQuery(adminCallSecondsQuery());
  const n = notifications.data?.items ?? [];
  const c = chats.data?.items ?? [];
  const s = calls.data?.items ?? [];
  return (
    <>
      <section className="card admin-panel">
        <h3 id="admin-notifications">{ADMIN_UI.notificationsBySession}</h3>
        {n.length === 0 ? (
          <p className="muted">{ADMIN_SPEC.noData}</p>
        ) : (
          <ScrollTable
            label={ADMIN_UI.notificationsBySession}
            columns={[
              ADMIN_UI.colSession,
              num(ADMIN_UI.colNotifications),
              num(ADMIN_UI.colSms),
              num(ADMIN_UI.colEmailCount),
              num(ADMIN_UI.colPush),
            ]}
          >
            <tbody>
              {n.map((row) => (
                <tr key={row.sessionId}>
                  <th scope="row" className="admin-mono">
                    {row.sessionId}
                  </th>
                  <td className="num">{row.totalNotifications}</td>
                  <td className="num">{row.smsCount}</td>
                  <td className="num">{row.emailCount}</td>
                  <td className="num">{row.pushCount}</td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        )}
      </section>
      <section className="card admin-panel">
        <h3 id="admin-chats">{ADMIN_UI.chatsBySession}</h3>
        {c.length === 0 ? (
          <p className="muted">{ADMIN_SPEC.noData}</p>
        ) : (
          <ScrollTable
            label={ADMIN_UI.chatsBySession}
            columns={[ADMIN_UI.colSession, num(ADMIN_UI.colMessages), num(ADMIN_UI.colLength)]}
          >
            <tbody>
              {c.map((row) => (
                <tr key={row.sessionId}>
                  <th scope="row" className="admin-mono">
                    {row.sessionId}
                  </th>
                  <td className="num">{row.totalMessages}</td>
                  <td className="num">{row.totalLength}</td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        )}
      </section>
      <section className="card admin-panel">
        <h3 id="admin-calls">{ADMIN_UI.callsBySession}</h3>
        {s.length === 0 ? (
          <p className="muted">{ADMIN_SPEC.noData}</p>
        ) : (
          <ScrollTable
            label={ADMIN_UI.callsBySession}
            columns={[ADMIN_UI.colSession, num(ADMIN_UI.colSeconds)]}
          >
            <tbody>
              {s.map((row) => (
                <tr key={row.sessionId}>
                  <th scope="row" className="admin-mono">
                    {row.sessionId}
                  </th>
                  <td className="num">{row.totalSeconds}</td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        )}
      </section>
    </>
  );
}
