import { useId, useRef, type RefObject } from 'react';
import { Modal, type ModalVariant } from './Modal';
import { PANEL_SPEC } from './texts';

interface ConfirmDialogProps {
  title: string;
  text: string;
  confirmLabel: string;
  busy?: boolean;
  variant: ModalVariant;
  onConfirm: () => void;
  onCancel: () => void;
  fallbackFocus?: RefObject<HTMLElement | null>;
}

/** A confirmation (role=alertdialog): Cancel is focused first, so Enter never confirms by accident. */
export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  busy = false,
  variant,
  onConfirm,
  onCancel,
  fallbackFocus,
}: ConfirmDialogProps) {
  const titleId = useId();
  const textId = useId();
  const cancelButton = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      role="alertdialog"
      labelledBy={titleId}
      describedBy={textId}
      onClose={onCancel}
      variant={variant}
      initialFocus={cancelButton}
      {...(fallbackFocus ? { fallbackFocus } : {})}
      className="ap-confirm"
    >
      <h2 id={titleId} className="ap-dialog-title">
        {title}
      </h2>
      <p id={textId}>{text}</p>
      <div className="ap-dialog-actions">
        <button ref={cancelButton} type="button" className="btn btn-secondary" onClick={onCancel}>
          {PANEL_SPEC.cancel}
        </button>
        <button
          type="button"
          className="btn ap-btn-danger"
          onClick={onConfirm}
          disabled={busy}
          aria-busy={busy || undefined}
        >
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
