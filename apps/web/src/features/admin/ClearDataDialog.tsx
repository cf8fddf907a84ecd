import { CLEAR_AUDIT_CONFIRMATION, format } from '@oneeta/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { clearAudit } from '../../api/admin';
import { queryKeys } from '../../api/query-keys';
import { AdminDialog } from './AdminDialog';
import { canConfirmClear, httpErrorText } from './admin-logic';
import { ADMIN_UI } from './texts';

/**
 * The clear-data dialog (doc 2 §4, §5): Confirm only when the typed text is exactly CLEAR_AUDIT and
 * nothing is in flight; it cannot be closed while clearing; then it shows the deleted counts.
 */
export function ClearDataDialog({ onClose }: { onClose: () => void }) {
  const [typed, setTyped] = useState('');
  const queryClient = useQueryClient();
  const inputId = useId();
  const textId = useId();
  const clear = useMutation({
    mutationFn: () => clearAudit(typed),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminRoot }),
  });
  const busy = clear.isPending;
  const deleted = clear.data?.deleted;
  return (
    <AdminDialog
      title={ADMIN_UI.clearTitle}
      onClose={onClose}
      canClose={!busy}
      actions={
        !deleted && (
          <button
            type="button"
            className="btn admin-btn-danger"
            disabled={!canConfirmClear(typed, CLEAR_AUDIT_CONFIRMATION, busy)}
            aria-busy={busy || undefined}
            onClick={() => clear.mutate()}
          >
            {busy ? ADMIN_UI.clearing : ADMIN_UI.confirm}
          </button>
        )
      }
    >
      <p id={textId}>{format(ADMIN_UI.clearText, { word: CLEAR_AUDIT_CONFIRMATION })}</p>
      {!deleted && (
        <div className="admin-control">
          <label htmlFor={inputId}>{ADMIN_UI.clearLabel}</label>
          <input
            id={inputId}
            value={typed}
            autoComplete="off"
            spellCheck={false}
            aria-describedby={textId}
            disabled={busy}
            onChange={(event) => setTyped(event.target.value)}
          />
        </div>
      )}
      {clear.isError && (
        <p className="notice notice-error" role="alert">
          {httpErrorText(clear.error, true)}
        </p>
      )}
      {deleted && (
        <div role="status">
          <h3>{ADMIN_UI.cleared}</h3>
          <dl className="admin-stats">
            {(
              [
                [ADMIN_UI.deletedAuditLog, deleted.auditLog],
                [ADMIN_UI.deletedMatrixRequests, deleted.matrixRequests],
                [ADMIN_UI.deletedMatrixUsage, deleted.matrixUsage],
                [ADMIN_UI.deletedBillingUsage, deleted.billingUsage],
                [ADMIN_UI.deletedNotificationUsage, deleted.notificationUsage],
              ] as const
            ).map(([label, count]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{count}</dd>
              </div>
            ))}
          </dl>
        </div>
      )}
    </AdminDialog>
  );
}
