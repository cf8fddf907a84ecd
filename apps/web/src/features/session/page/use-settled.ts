import { useEffect, useState } from 'react';

/**
 * True once `pending` has been false at least once, or `maxMs` after mounting, whichever comes
 * first; then true for good. The session page holds its first paint for the device location's
 * first answer (a blocked or denied one arrives within milliseconds) so the 'Location required'
 * notice does not push the summary down after it painted (Lighthouse's CLS); a permission prompt
 * the person has not answered yet shows the page after `maxMs` with 'Finding your location…'.
 */
export function useSettled(pending: boolean, maxMs: number): boolean {
  const [settled, setSettled] = useState(!pending);
  if (!pending && !settled) setSettled(true);
  useEffect(() => {
    if (settled) return;
    const timer = setTimeout(() => setSettled(true), maxMs);
    return () => clearTimeout(timer);
  }, [settled, maxMs]);
  return settled;
}
