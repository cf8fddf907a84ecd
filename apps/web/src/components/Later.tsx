import { startTransition, useEffect, useState, type ReactNode } from 'react';

/** A hidden tab draws no frames: past this, the children come without waiting for one. */
const PAINT_WAIT_MAX_MS = 200;

/**
 * Renders its children in a transition started once it has been committed: React renders that
 * in short, interruptible slices and commits it apart, so a large page arrives in a few commits
 * instead of one long task (issue 13). Nested, each level is one commit later. `fallback` shows
 * until then (nothing by default). `afterPaint`: the transition starts once the browser has
 * painted what is already committed (the next frame), so what the viewer came for is on screen
 * before the rest of the page is rendered.
 */
export function Later({
  children,
  fallback = null,
  afterPaint = false,
}: {
  children: ReactNode;
  fallback?: ReactNode;
  afterPaint?: boolean;
}) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const show = () => startTransition(() => setShown(true));
    if (!afterPaint) {
      show();
      return;
    }
    // A frame's callback runs before that frame paints; a task posted from it runs after.
    let task: ReturnType<typeof setTimeout> | undefined;
    let frame = 0;
    const hidden = setTimeout(() => {
      cancelAnimationFrame(frame);
      show();
    }, PAINT_WAIT_MAX_MS);
    frame = requestAnimationFrame(() => {
      clearTimeout(hidden);
      task = setTimeout(show, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(hidden);
      clearTimeout(task);
    };
  }, [afterPaint]);
  return shown ? children : fallback;
}
