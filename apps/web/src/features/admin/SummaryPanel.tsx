import { useQuery } from '@tanstack/react-query';
import {
  adminNotificationsQuery,
  adminSessionCountsQuery,
  type AdminUsageItem,
} from '../../api/admin';
import { summaryTotals } from './admin-logic';
import { ADMIN_UI } from './texts';

/**
 * Summary totals (Azure requests, notifications, events) and open vs closed sessions (doc 2 §2).
 * Notifications and counts are secondary fetches: a failure leaves '—'.
 */
export function SummaryPanel({ usage }: { usage: readonly AdminUsageItem[] | undefined }) {
  const notifications = useQuery(adminNotificationsQuery());
  const counts = useQuery(adminSessionCountsQuery());
  const totals = summaryTotals(usage ?? [], notifications.data?.items ?? []);
  const stats: [string, number | undefined][] = [
    [ADMIN_UI.totalAzureRequests, usage ? totals.azureRequests : undefined],
    [ADMIN_UI.totalNotifications, notifications.data ? totals.notifications : undefined],
    [ADMIN_UI.totalEvents, usage ? totals.events : undefined],
    [ADMIN_UI.openSessions, counts.data?.open],
    [ADMIN_UI.closedSessions, counts.data?.closed],
  ];
  return (
    <section className="card admin-panel admin-summary">
      <h2>{ADMIN_UI.summary}</h2>
      <dl className="admin-stats">
        {stats.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value ?? '—'}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
