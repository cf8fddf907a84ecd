import { useCallback, useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react';
import { UI } from '../../text';
import { ToastContext, type ToastApi } from './toast-context';
import { makeToast, toastReducer, type Toast, type ToastInput } from './toast-state';
import './toast.css';

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  useEffect(() => {
    if (toast.durationMs <= 0) return;
    const timer = setTimeout(() => onDismiss(toast.id), toast.durationMs);
    return () => clearTimeout(timer);
  }, [toast.id, toast.durationMs, onDismiss]);

  return (
    <div
      className={`toast toast-${toast.type}`}
      role="status"
      aria-live="polite"
      data-type={toast.type}
    >
      <span className="toast-icon" aria-hidden="true">
        {toast.type === 'success' ? '✓' : toast.type === 'error' ? '!' : 'i'}
      </span>
      <span className="toast-message">{toast.message}</span>
      <button
        type="button"
        className="toast-close"
        aria-label={UI.dismiss}
        onClick={() => onDismiss(toast.id)}
      >
        ×
      </button>
    </div>
  );
}

/** Holds the toasts and renders them bottom-right (at the top on narrow screens); children reach it through useToast(). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, dispatch] = useReducer(toastReducer, []);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => dispatch({ kind: 'dismiss', id }), []);
  const show = useCallback((input: ToastInput) => {
    const id = nextId.current++;
    dispatch({ kind: 'add', toast: makeToast(id, input) });
    return id;
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      show,
      dismiss,
      info: (message, durationMs) =>
        show({ message, type: 'info', ...(durationMs !== undefined ? { durationMs } : {}) }),
      success: (message, durationMs) =>
        show({ message, type: 'success', ...(durationMs !== undefined ? { durationMs } : {}) }),
      error: (message, durationMs) =>
        show({ message, type: 'error', ...(durationMs !== undefined ? { durationMs } : {}) }),
    }),
    [show, dismiss],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <section className="toasts" aria-label={UI.notifications}>
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
        ))}
      </section>
    </ToastContext.Provider>
  );
}
