import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { adminUsageQuery } from '../../api/admin';
import { queryKeys } from '../../api/query-keys';
import { anchorOf } from '../../lib/anchor';
import { BillingPanel } from './BillingPanel';
import { CallsDialog } from './CallsDialog';
import { ClearDataDialog } from './ClearDataDialog';
import { HourlyDialog } from './HourlyDialog';
import { MatrixLookup } from './MatrixLookup';
import { NotificationsPanel } from './NotificationsPanel';
import { QueuePanel } from './QueuePanel';
import { SessionsTable } from './SessionsTable';
import { SummaryPanel } from './SummaryPanel';
import { ADMIN_SPEC, ADMIN_UI } from './texts';
import { TopCostPanel } from './TopCostPanel';
import { UsersPanel } from './UsersPanel';
import { queryNotice } from './query-notice';

const SECTIONS = ADMIN_SPEC.sections;

type Open = { kind: 'hourly' | 'calls'; sessionId: string } | { kind: 'clear' } | null;

/** The administrator's portal: sidebar anchors, quick actions, and the panels of doc 2 §2. */
export function AdminPortal() {
  const queryClient = useQueryClient();
  const usage = useQuery(adminUsageQuery());
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [lookupId, setLookupId] = useState('');
  const [open, setOpen] = useState<Open>(null);
  const lookupRef = useRef<HTMLSelectElement>(null);
  const items = usage.data?.items ?? [];

  const use = (sessionId: string) => {
    setLookupId(sessionId);
    lookupRef.current?.scrollIntoView({ block: 'center' });
    lookupRef.current?.focus({ preventScroll: true });
  };

  return (
    <div className="page admin">
      <div className="admin-head">
        <h1>{ADMIN_UI.title}</h1>
        <div className="admin-actions" role="group" aria-label={ADMIN_UI.quickActions}>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={() => void queryClient.invalidateQueries({ queryKey: queryKeys.adminRoot })}
          >
            {ADMIN_SPEC.refresh}
          </button>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={() => {
              setSearch('');
              setPage(0);
            }}
          >
            {ADMIN_SPEC.reset}
          </button>
        </div>
      </div>
      <div className="admin-layout">
        <nav className="admin-sidebar" aria-label={ADMIN_UI.title}>
          <ul>
            {Object.values(SECTIONS).map((title) => (
              <li key={title}>
                <a href={`#${anchorOf(title)}`}>{title}</a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="admin-panels">
          <SummaryPanel usage={usage.data?.items} />
          {/* No region landmarks: 'Notifications' would clash with the toasts' region. */}
          <section id={anchorOf(SECTIONS.azureUsage)} className="admin-section">
            <h2>{SECTIONS.azureUsage}</h2>
            <TopCostPanel />
            <section className="card admin-panel">
              <h3>{ADMIN_UI.topSessions}</h3>
              {queryNotice(usage) ?? (
                <SessionsTable
                  items={items}
                  search={search}
                  onSearch={setSearch}
                  page={page}
                  onPage={setPage}
                  onHourly={(sessionId) => setOpen({ kind: 'hourly', sessionId })}
                  onCalls={(sessionId) => setOpen({ kind: 'calls', sessionId })}
                  onUse={use}
                />
              )}
            </section>
            <MatrixLookup
              sessions={items}
              sessionId={lookupId}
              onSessionId={setLookupId}
              selectRef={lookupRef}
            />
            <QueuePanel />
          </section>
          <section id={anchorOf(SECTIONS.notifications)} className="admin-section">
            <h2>{SECTIONS.notifications}</h2>
            <NotificationsPanel />
          </section>
          <section id={anchorOf(SECTIONS.sessions)} className="admin-section">
            <h2>{SECTIONS.sessions}</h2>
            <UsersPanel />
          </section>
          <section id={anchorOf(SECTIONS.billing)} className="admin-section">
            <h2>{SECTIONS.billing}</h2>
            <BillingPanel usage={usage.data?.items} onClear={() => setOpen({ kind: 'clear' })} />
          </section>
        </div>
      </div>
      {open?.kind === 'hourly' && (
        <HourlyDialog sessionId={open.sessionId} onClose={() => setOpen(null)} />
      )}
      {open?.kind === 'calls' && (
        <CallsDialog sessionId={open.sessionId} onClose={() => setOpen(null)} />
      )}
      {open?.kind === 'clear' && <ClearDataDialog onClose={() => setOpen(null)} />}
    </div>
  );
}
