import { useEffect, useId, useRef, type ReactNode } from 'react';
import { ADMIN_UI } from './texts';

interface AdminDialogProps {
  title: string;
  onClose: () => void;
  /** false while something runs that must not be abandoned (clearing): Escape, the backdrop and Close do nothing. */
  canClose?: boolean;
  /** Extra buttons beside Close. */
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * A modal on the browser's own <dialog> (top layer, focus kept inside, Escape): mount it to open
 * it, unmount it to close it; focus returns to the opener.
 */
export function AdminDialog({
  title,
  onClose,
  canClose = true,
  actions,
  children,
}: AdminDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const state = useRef({ canClose, onClose });
  useEffect(() => {
    state.current = { canClose, onClose };
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const onCancel = (event: Event) => {
      event.preventDefault();
      if (state.current.canClose) state.current.onClose();
    };
    // Chromium lets a second Escape close the dialog even when 'cancel' is refused: then either
    // tell the owner (it unmounts us) or, while closing is not allowed, open it again.
    const onNativeClose = () => {
      if (state.current.canClose) state.current.onClose();
      else dialog.showModal();
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onNativeClose);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onNativeClose);
      if (dialog.open) dialog.close();
      opener?.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className="admin-dialog"
      aria-labelledby={titleId}
      onClick={(event) => {
        if (event.target === event.currentTarget && canClose) onClose();
      }}
    >
      <div className="admin-dialog-body">
        <h2 id={titleId} className="admin-dialog-title">
          {title}
        </h2>
        {children}
        <div className="admin-dialog-actions">
          {actions}
          <button
            type="button"
            className="btn btn-secondary"
            onClick={onClose}
            disabled={!canClose}
          >
            {ADMIN_UI.close}
          </button>
        </div>
      </div>
    </dialog>
  );
}
