import type { AdminUsageItem } from '../../api/admin';
import { formatCost } from './admin-logic';
import { ADMIN_UI } from './texts';

/** Billing: the estimated maps cost of the sessions listed (doc 2 §9), and the clear-data action. */
export function BillingPanel({
  usage,
  onClear,
}: {
  usage: readonly AdminUsageItem[] | undefined;
  onClear: () => void;
}) {
  const total = (usage ?? []).reduce((sum, u) => sum + u.estimatedCost, 0);
  const transactions = (usage ?? []).reduce((sum, u) => sum + u.totalTransactions, 0);
  return (
    <section className="card admin-panel">
      <h3>{ADMIN_UI.totalCost}</h3>
      <dl className="admin-stats">
        <div>
          <dt>{ADMIN_UI.colCost}</dt>
          <dd>{usage ? formatCost(total) : '—'}</dd>
        </div>
        <div>
          <dt>{ADMIN_UI.colTransactions}</dt>
          <dd>{usage ? transactions : '—'}</dd>
        </div>
      </dl>
      <p className="muted">{ADMIN_UI.billingLead}</p>
      <button type="button" className="btn btn-sm admin-btn-danger" onClick={onClear}>
        {ADMIN_UI.clearData}
      </button>
    </section>
  );
}
