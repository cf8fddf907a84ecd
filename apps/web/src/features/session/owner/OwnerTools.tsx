import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { AuditTab } from './AuditTab';
import { CloseSession } from './CloseSession';
import { MatrixUsageView } from './MatrixUsageView';
import { SESSION_UI } from '../texts';

const TABS = [
  { key: 'audit', label: SESSION_UI.auditTab },
  { key: 'usage', label: SESSION_UI.usageTab },
] as const;
type TabKey = (typeof TABS)[number]['key'];

/** Owner tools (doc 1 §2, §6): the audit tab and the matrix-usage view, then closing the session. */
export function OwnerTools({ sessionId }: { sessionId: string }) {
  const base = useId();
  const [tab, setTab] = useState<TabKey>('audit');
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const onKey = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step && event.key !== 'Home' && event.key !== 'End') return;
    event.preventDefault();
    const next =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? TABS.length - 1
          : (index + step + TABS.length) % TABS.length;
    setTab(TABS[next]!.key);
    buttons.current[next]?.focus();
  };

  return (
    <section className="card qs-tools" aria-labelledby={`${base}-title`}>
      <h2 id={`${base}-title`}>{SESSION_UI.ownerToolsTitle}</h2>
      <div className="qs-tabs" role="tablist" aria-labelledby={`${base}-title`}>
        {TABS.map((t, i) => (
          <button
            key={t.key}
            ref={(el) => {
              buttons.current[i] = el;
            }}
            id={`${base}-tab-${t.key}`}
            type="button"
            role="tab"
            className="qs-tab"
            aria-selected={tab === t.key}
            aria-controls={`${base}-panel-${t.key}`}
            tabIndex={tab === t.key ? 0 : -1}
            onClick={() => setTab(t.key)}
            onKeyDown={(e) => onKey(e, i)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div
        id={`${base}-panel-${tab}`}
        role="tabpanel"
        aria-labelledby={`${base}-tab-${tab}`}
        className="qs-tabpanel"
      >
        {tab === 'audit' && <AuditTab sessionId={sessionId} />}
        {tab === 'usage' && <MatrixUsageView sessionId={sessionId} />}
      </div>
      <CloseSession sessionId={sessionId} />
    </section>
  );
}
