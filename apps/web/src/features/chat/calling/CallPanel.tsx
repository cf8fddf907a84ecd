import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { completeCall, getChatParticipants } from '../../../api/communication';
import { copyText } from '../../session/clipboard';
import type { CallKind } from './port';
import { CallModal, CompleteCallDialog, IncomingCallDialog } from './CallDialogs';
import { CALL_UI } from './texts';
import type { Calling } from './use-call';
import './call.css';

/** The session chat's other participants (POST /api/communication/participants). */
export const participantsKey = (sessionId: string) => ['chat', 'participants', sessionId] as const;
export function useChatParticipants(sessionId: string, enabled: boolean) {
  return useQuery({
    queryKey: participantsKey(sessionId),
    queryFn: ({ signal }) => getChatParticipants(sessionId, signal),
    enabled,
    staleTime: 30_000,
  });
}

/**
 * The call panel (document 2 §2): 'Start Call' ('In call…' while in one), the grid of selectable
 * participants, 'No one else is available to call' with Refresh, 'Last call error' with 'Copy
 * diagnostics', the 'Complete call' confirmation and the full-screen call modal.
 */
export function CallPanel({
  sessionId,
  kind,
  calling,
}: {
  sessionId: string;
  kind: CallKind;
  calling: Calling;
}) {
  const { controller, state } = calling;
  const people = useChatParticipants(sessionId, true);
  const list = people.data?.participants ?? [];
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [confirming, setConfirming] = useState(false);
  const [completing, setCompleting] = useState(false);
  const [copied, setCopied] = useState(false);
  const inCall = state.phase === 'inCall' || state.phase === 'starting';

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const chosen = list.filter((p) => selected.has(p.id)).map((p) => p.id);
  const start = () =>
    void controller.start(chosen.length > 0 ? chosen : list.map((p) => p.id), kind);

  const complete = () => {
    const inCallIds = state.peers.map((p) => p.id);
    const picked = inCallIds.filter((id) => selected.has(id));
    const ids = picked.length > 0 ? picked : inCallIds;
    setCompleting(true);
    completeCall(sessionId, ids).then(
      (answer) => {
        setCompleting(false);
        setConfirming(false);
        void controller.completed(answer.completed.length > 0 ? answer.completed : ids);
      },
      (error: unknown) => {
        setCompleting(false);
        setConfirming(false);
        controller.completeFailed(error);
      },
    );
  };

  // The reason toast leaves after its 6 s.
  const toast = state.toast;
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(controller.expireToast, Math.max(0, toast.until - Date.now()));
    return () => clearTimeout(timer);
  }, [toast, controller]);

  return (
    <div className="call-panel">
      {people.isSuccess && list.length === 0 ? (
        <div className="call-empty">
          <p>{CALL_UI.noOneToCall}</p>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={() => void people.refetch()}
          >
            {CALL_UI.refresh}
          </button>
        </div>
      ) : (
        <fieldset className="call-grid" aria-busy={people.isPending || undefined}>
          <legend>{CALL_UI.participantsLabel}</legend>
          {list.map((p) => (
            <label
              key={p.id}
              className="call-person"
              data-selected={selected.has(p.id) || undefined}
            >
              <input type="checkbox" checked={selected.has(p.id)} onChange={() => toggle(p.id)} />
              <span>{p.displayName}</span>
            </label>
          ))}
        </fieldset>
      )}
      <div className="call-actions">
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={inCall || list.length === 0 || !calling.available}
          onClick={start}
        >
          {inCall ? CALL_UI.inCall : CALL_UI.startCall}
        </button>
        {inCall && !state.modalOpen && (
          <button type="button" className="btn btn-secondary btn-sm" onClick={controller.openModal}>
            {CALL_UI.callLabel}
          </button>
        )}
        {inCall && (
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={() => setConfirming(true)}
          >
            {CALL_UI.completeCall}
          </button>
        )}
      </div>
      {toast && (
        <p className="call-toast" role="status">
          {toast.text}
        </p>
      )}
      {state.lastError && (
        <div className="call-error">
          <p role="alert">
            {CALL_UI.lastCallError}: {state.lastError.message}
          </p>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={() => void copyText(state.lastError!.diagnostics).then(setCopied)}
          >
            {copied ? CALL_UI.copied : CALL_UI.copyDiagnostics}
          </button>
        </div>
      )}
      {state.modalOpen && !confirming && (
        <CallModal
          state={state}
          controller={controller}
          port={calling.port}
          onComplete={() => setConfirming(true)}
        />
      )}
      {confirming && (
        <CompleteCallDialog
          selected={state.peers.filter((p) => selected.has(p.id)).length}
          inCall={state.peers.length}
          busy={completing}
          onComplete={complete}
          onCancel={() => setConfirming(false)}
        />
      )}
    </div>
  );
}

/** The incoming call, whatever mode the widget shows. */
export function IncomingCall({ calling }: { calling: Calling }) {
  const { state, controller } = calling;
  return state.phase === 'incoming' && state.incomingFrom !== null ? (
    <IncomingCallDialog from={state.incomingFrom} controller={controller} />
  ) : null;
}
