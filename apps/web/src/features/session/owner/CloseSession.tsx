import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { queryKeys } from '../../../api/query-keys';
import { closeSession } from '../../../api/sessions';
import { useToast } from '../../toast';
import { closeError } from './owner-tools-logic';
import { SESSION_UI } from '../texts';

/** The owner closes the session after an explicit confirmation (POST close { confirm: true }). */
export function CloseSession({ sessionId }: { sessionId: string }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (confirming) cancelRef.current?.focus();
  }, [confirming]);

  const close = useMutation({
    mutationFn: () => closeSession(sessionId),
    onSuccess: ({ session }) => {
      toast.success(SESSION_UI.sessionClosedToast);
      queryClient.setQueryData(queryKeys.session(sessionId), session);
      void queryClient.invalidateQueries({ queryKey: queryKeys.sessionListRoot });
      void queryClient.invalidateQueries({ queryKey: queryKeys.sessionLimits });
    },
    onError: (e) => setError(closeError(e)),
  });

  if (!confirming) {
    return (
      <div className="qs-close">
        <button
          type="button"
          className="btn btn-secondary qs-danger"
          onClick={() => {
            setError(null);
            setConfirming(true);
          }}
        >
          {SESSION_UI.closeSession}
        </button>
      </div>
    );
  }
  return (
    <div
      className="qs-close qs-confirm"
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={`${titleId}-body`}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !close.isPending) setConfirming(false);
      }}
    >
      <h3 id={titleId}>{SESSION_UI.closeConfirmTitle}</h3>
      <p id={`${titleId}-body`}>{SESSION_UI.closeConfirmBody}</p>
      {error && (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      )}
      <div className="actions">
        <button
          ref={cancelRef}
          type="button"
          className="btn btn-secondary"
          disabled={close.isPending}
          onClick={() => setConfirming(false)}
        >
          {SESSION_UI.cancel}
        </button>
        <button
          type="button"
          className="btn btn-primary qs-danger-solid"
          disabled={close.isPending}
          onClick={() => close.mutate()}
        >
          {close.isPending ? SESSION_UI.closing : SESSION_UI.closeSession}
        </button>
      </div>
    </div>
  );
}
