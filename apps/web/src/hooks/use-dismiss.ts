import { useEffect, type RefObject } from 'react';

/**
 * Closes a popup on Escape (focus goes back to its button) or on a press outside both the popup
 * and its button. Active only while `open`.
 */
export function useDismiss(
  open: boolean,
  close: () => void,
  refs: { popup: RefObject<HTMLElement | null>; button: RefObject<HTMLElement | null> },
): void {
  const { popup, button } = refs;
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      close();
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node | null;
      if (!target) return;
      if (popup.current?.contains(target) || button.current?.contains(target)) return;
      close();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, close, popup, button]);
}
