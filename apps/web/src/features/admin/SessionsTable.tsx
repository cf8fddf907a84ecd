import { format } from '@oneeta/contracts';
import { useId, useMemo, useState } from 'react';
import type { AdminUsageItem } from '../../api/admin';
import {
  DEFAULT_PAGE_SIZE,
  isPageSize,
  isSessionClosed,
  pageOf,
  PAGE_SIZES,
  searchSessions,
  sortSessions,
  type PageSize,
  type SortDir,
  type SortKey,
} from './admin-logic';
import { num, ScrollTable } from './ScrollTable';
import { ADMIN_SPEC, ADMIN_UI } from './texts';
import { useCopyId } from './use-copy-id';

interface SessionsTableProps {
  items: readonly AdminUsageItem[];
  search: string;
  onSearch: (text: string) => void;
  page: number;
  onPage: (page: number) => void;
  onHourly: (sessionId: string) => void;
  onCalls: (sessionId: string) => void;
  onUse: (sessionId: string) => void;
}

/** Top sessions (doc 2 §2): search, sort by Azure requests or events, asc/desc, 10/25/50 a page. */
export function SessionsTable(props: SessionsTableProps) {
  const { items, search, onSearch, page, onPage, onHourly, onCalls, onUse } = props;
  const [sortKey, setSortKey] = useState<SortKey>('totalAzureRequests');
  const [dir, setDir] = useState<SortDir>('desc');
  const [size, setSize] = useState<PageSize>(DEFAULT_PAGE_SIZE);
  const copyId = useCopyId();
  const ids = { search: useId(), sort: useId(), size: useId() };
  const shown = useMemo(
    () => pageOf(sortSessions(searchSessions(items, search), sortKey, dir), page, size),
    [items, search, sortKey, dir, page, size],
  );
  const order = dir === 'asc' ? ADMIN_UI.ascending : ADMIN_UI.descending;

  return (
    <div className="admin-sessions">
      <div className="admin-controls">
        <div className="admin-control">
          <label htmlFor={ids.search}>{ADMIN_UI.search}</label>
          <input
            id={ids.search}
            type="search"
            value={search}
            onChange={(event) => {
              onSearch(event.target.value);
              onPage(0);
            }}
          />
        </div>
        <div className="admin-control">
          <label htmlFor={ids.sort}>{ADMIN_UI.sortBy}</label>
          <select
            id={ids.sort}
            value={sortKey}
            onChange={(event) => setSortKey(event.target.value as SortKey)}
          >
            <option value="totalAzureRequests">{ADMIN_UI.sortAzure}</option>
            <option value="eventCount">{ADMIN_UI.sortEvents}</option>
          </select>
        </div>
        <button
          type="button"
          className="btn btn-secondary btn-sm admin-order"
          aria-label={format(ADMIN_UI.sortOrder, { order })}
          onClick={() => setDir(dir === 'asc' ? 'desc' : 'asc')}
        >
          {dir === 'asc' ? '↑' : '↓'} {order}
        </button>
        <div className="admin-control">
          <label htmlFor={ids.size}>{ADMIN_UI.pageSize}</label>
          <select
            id={ids.size}
            value={size}
            onChange={(event) => {
              const next = Number(event.target.value);
              if (isPageSize(next)) setSize(next);
              onPage(0);
            }}
          >
            {PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
      </div>
      {shown.total === 0 ? (
        <p className="muted">{ADMIN_SPEC.noData}</p>
      ) : (
        <ScrollTable
          label={ADMIN_UI.topSessions}
          columns={[
            ADMIN_UI.colSession,
            num(ADMIN_UI.colAzure),
            num(ADMIN_UI.colEvents),
            num(ADMIN_UI.colCalls),
            ADMIN_UI.colStatus,
            ADMIN_UI.colActions,
          ]}
        >
          <tbody>
            {shown.rows.map((item) => (
              <tr key={item.sessionId}>
                <th scope="row">
                  <button
                    type="button"
                    className="admin-id"
                    aria-label={format(ADMIN_UI.copyId, { id: item.sessionId })}
                    onClick={() => copyId(item.sessionId)}
                  >
                    {item.sessionId}
                  </button>
                </th>
                <td className="num">{item.totalAzureRequests}</td>
                <td className="num">{item.eventCount}</td>
                <td className="num">{item.totalMatrixCalls}</td>
                <td>
                  <span className="badge" data-status={isSessionClosed(item) ? 'closed' : 'open'}>
                    {isSessionClosed(item) ? ADMIN_UI.closed : ADMIN_UI.open}
                  </span>
                </td>
                <td>
                  <div className="admin-row-actions">
                    <button
                      type="button"
                      className="btn btn-secondary btn-sm"
                      onClick={() => onHourly(item.sessionId)}
                    >
                      {ADMIN_SPEC.viewHourly}
                    </button>
                    <button
                      type="button"
                      className="btn btn-secondary btn-sm"
                      onClick={() => onCalls(item.sessionId)}
                    >
                      {ADMIN_SPEC.inspectCalls}
                    </button>
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm"
                      onClick={() => onUse(item.sessionId)}
                    >
                      {ADMIN_SPEC.use}
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
      <nav className="admin-pager" aria-label={ADMIN_UI.topSessions}>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          disabled={shown.page === 0}
          onClick={() => onPage(shown.page - 1)}
        >
          {ADMIN_UI.previous}
        </button>
        <span aria-live="polite">
          {format(ADMIN_UI.pageOf, {
            page: shown.page + 1,
            pages: shown.pages,
            total: shown.total,
          })}
        </span>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          disabled={shown.page >= shown.pages - 1}
          onClick={() => onPage(shown.page + 1)}
        >
          {ADMIN_UI.next}
        </button>
      </nav>
    </div>
  );
}
