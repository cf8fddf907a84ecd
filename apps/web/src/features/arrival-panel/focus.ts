/**
 * Focus helpers of the panel's dialogs (focus trap). Pure.
 */
/** What can take keyboard focus inside a dialog. */
export const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The focus trap's decision for a Tab press: the index to move focus to, or null to let the
 * browser move it (focus stays inside). `current` is the focused element's index among the
 * dialog's focusable elements, -1 when focus is on none of them (e.g. the dialog itself).
 */
export function trapTabIndex(current: number, count: number, backwards: boolean): number | null {
  if (count === 0) return null;
  if (current === -1) return backwards ? count - 1 : 0;
  if (backwards && current === 0) return count - 1;
  if (!backwards && current === count - 1) return 0;
  return null;
}
