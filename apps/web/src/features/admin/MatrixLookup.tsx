import { format } from '@oneeta/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId, type RefObject } from 'react';
import {
  adminSessionCallParticipantsQuery,
  adminSessionMatrixQuery,
  adminSessionOriginsQuery,
  type AdminUsageItem,
} from '../../api/admin';
import { formatCost, httpErrorText, LOOKUP_SESSIONS_SHOWN } from './admin-logic';
import { num, ScrollTable } from './ScrollTable';
import { ADMIN_SPEC, ADMIN_UI } from './texts';

interface MatrixLookupProps {
  sessions: readonly AdminUsageItem[];
  sessionId: string;
  onSessionId: (id: string) => void;
  selectRef: RefObject<HTMLSelectElement | null>;
}

/** Matrix usage lookup (doc 2 §2): pick one of the first 200 sessions (or 'Use' a row). */
export function MatrixLookup({ sessions, sessionId, onSessionId, selectRef }: MatrixLookupProps) {
  const selectId = useId();
  const choices = sessions.slice(0, LOOKUP_SESSIONS_SHOWN).map((s) => s.sessionId);
  if (sessionId && !choices.includes(sessionId)) choices.unshift(sessionId);
  return (
    <section className="card admin-panel">
      <h3 id="admin-lookup">{ADMIN_UI.lookup}</h3>
      <div className="admin-control">
        <label htmlFor={selectId}>{ADMIN_UI.lookupSession}</label>
        <select
          id={selectId}
          ref={selectRef}
          value={sessionId}
          onChange={(event) => onSessionId(event.target.value)}
        >
          <option value="">{ADMIN_UI.lookupChoose}</option>
          {choices.map((id) => (
            <option key={id} value={id}>
              {id}
            </option>
          ))}
        </select>
      </div>
      {sessionId && <LookupResult sessionId={sessionId} />}
    </section>
  );
}

function LookupResult({ sessionId }: { sessionId: string }) {
  const matrix = useQuery(adminSessionMatrixQuery(sessionId));
  const origins = useQuery(adminSessionOriginsQuery(sessionId));
  const calls = useQuery(adminSessionCallParticipantsQuery(sessionId));
  if (matrix.isPending)
    return (
      <p className="muted" role="status">
        {ADMIN_UI.loading}
      </p>
    );
  if (matrix.isError)
    return (
      <p className="notice notice-error" role="alert">
        {httpErrorText(matrix.error)}
      </p>
    );
  const { originTotals, estimatedCost } = matrix.data;
  return (
    <div className="admin-lookup-result">
      <p className="admin-cost">{format(ADMIN_UI.costLine, { cost: formatCost(estimatedCost) })}</p>
      <h4>{ADMIN_UI.originTotals}</h4>
      {originTotals.length === 0 ? (
        <p className="muted">{ADMIN_SPEC.noData}</p>
      ) : (
        <ScrollTable
          label={ADMIN_UI.originTotals}
          columns={[ADMIN_UI.colOrigin, num(ADMIN_UI.colTransactions), num(ADMIN_UI.colCalls)]}
        >
          <tbody>
            {originTotals.map((o) => (
              <tr key={o.origin}>
                <th scope="row">{o.origin}</th>
                <td className="num">{o.totalTransactions}</td>
                <td className="num">{o.calls}</td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
      <h4>{ADMIN_UI.azureOrigins}</h4>
      {origins.isError ? (
        <p className="notice notice-error" role="alert">
          {httpErrorText(origins.error)}
        </p>
      ) : (origins.data?.items.length ?? 0) === 0 ? (
        <p className="muted">{origins.isPending ? ADMIN_UI.loading : ADMIN_SPEC.noData}</p>
      ) : (
        <ScrollTable
          label={ADMIN_UI.azureOrigins}
          columns={[ADMIN_UI.colOrigin, num(ADMIN_UI.colAzure), num(ADMIN_UI.colEvents)]}
        >
          <tbody>
            {origins.data!.items.map((o) => (
              <tr key={o.origin}>
                <th scope="row">{o.origin}</th>
                <td className="num">{o.azureRequests}</td>
                <td className="num">{o.events}</td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
      {(calls.data?.items.length ?? 0) > 0 && (
        <>
          <h4>{ADMIN_UI.callParticipants}</h4>
          <ScrollTable
            label={ADMIN_UI.callParticipants}
            columns={[ADMIN_UI.colParticipant, ADMIN_UI.colMode, num(ADMIN_UI.colSeconds)]}
          >
            <tbody>
              {calls.data!.items.map((c) => (
                <tr key={`${c.participantAcsId}-${c.mode}`}>
                  <th scope="row" className="admin-mono">
                    {c.participantAcsId}
                  </th>
                  <td>{c.mode}</td>
                  <td className="num">{c.totalSeconds}</td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        </>
      )}
    </div>
  );
}
