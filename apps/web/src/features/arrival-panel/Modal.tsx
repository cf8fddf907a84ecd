import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { FOCUSABLE, trapTabIndex } from './focus';

export type ModalVariant = 'sheet' | 'popout';

interface ModalProps {
  /** Id of the element naming the dialog (its heading). */
  labelledBy: string;
  describedBy?: string;
  onClose: () => void;
  /** 'sheet': a bottom sheet (narrow screens); 'popout': centred. */
  variant: ModalVariant;
  /** 'alertdialog' for confirmations. */
  role?: 'dialog' | 'alertdialog';
  /** Focused on open; else the dialog itself (named by its heading). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Focused on close when the element that opened the dialog is gone (e.g. its row was removed). */
  fallbackFocus?: RefObject<HTMLElement | null>;
  className?: string;
  children: ReactNode;
}

/** The open dialogs, topmost last. */
const openModals: HTMLElement[] = [];

/**
 * An accessible modal dialog: role=dialog with aria-modal, focus moved in on open and kept inside
 * (Tab and Shift+Tab wrap), Escape or a press on the backdrop closes it, and focus returns to the
 * element that was focused before. Rendered in a portal above the page; toasts stay above it.
 * Mount it to open it, unmount it to close it.
 */
export function Modal({
  labelledBy,
  describedBy,
  onClose,
  variant,
  role = 'dialog',
  initialFocus,
  fallbackFocus,
  className,
  children,
}: ModalProps) {
  const panel = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  /** What had focus before the dialog opened (kept across StrictMode's effect rehearsal). */
  const openerRef = useRef<HTMLElement | null>(null);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const self = panel.current;
    if (!self) return;
    const focused = document.activeElement;
    if (focused instanceof HTMLElement && !self.contains(focused)) openerRef.current = focused;
    const opener = openerRef;
    // The dialog itself by default, so a screen reader starts with its title; Tab then enters it.
    (initialFocus?.current ?? self).focus();
    // The element to focus when the opener is gone is read at closing time, when it exists.
    const fallbackFocusRef = fallbackFocus;
    openModals.push(self);
    document.body.classList.add('ap-modal-open');

    // On the document, so the keys work even when focus fell out (e.g. a button got disabled);
    // only the topmost dialog answers.
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (openModals.at(-1) !== self) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = [...self.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
        (el) => el.getClientRects().length > 0,
      );
      const active = document.activeElement;
      const index =
        active instanceof HTMLElement && self.contains(active) ? items.indexOf(active) : -1;
      const next = trapTabIndex(index, items.length, event.shiftKey);
      if (next === null && index === -1) {
        event.preventDefault(); // nothing to focus: stay on the dialog
        return;
      }
      if (next === null) return;
      event.preventDefault();
      items[next]?.focus();
    };
    document.addEventListener('keydown', onKeyDown);

    return () => {
      document.removeEventListener('keydown', onKeyDown);
      openModals.splice(openModals.indexOf(self), 1);
      if (openModals.length === 0) document.body.classList.remove('ap-modal-open');
      // After React has removed the dialog: the opener may have gone with a re-render.
      queueMicrotask(() => {
        if (self.isConnected) return; // not closed: StrictMode's rehearsal of an unmount
        if (opener.current?.isConnected) opener.current.focus();
        else fallbackFocusRef?.current?.focus();
      });
    };
    // Ref objects are stable: this runs once per opening.
  }, [initialFocus, fallbackFocus]);

  return createPortal(
    <div
      className={`ap-backdrop ap-backdrop-${variant}`}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panel}
        role={role}
        aria-modal="true"
        aria-labelledby={labelledBy}
        {...(describedBy ? { 'aria-describedby': describedBy } : {})}
        tabIndex={-1}
        className={`ap-dialog ap-dialog-${variant}${className ? ` ${className}` : ''}`}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}
