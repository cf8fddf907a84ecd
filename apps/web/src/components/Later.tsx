import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Renders its children in a transition started once it has been committed: React renders that
 * in short, interruptible slices and commits it apart, so a large page arrives in a few commits
 * instead of one long task (issue 13). Nested, each level is one commit later. `fallback` shows
 * until then (nothing by default).
 */
export function Later({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    startTransition(() => setShown(true));
  }, []);
  return shown ? children : fallback;
}
