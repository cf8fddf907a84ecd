import { useSyncExternalStore } from 'react';

export interface ViewportSize {
  width: number;
  height: number;
}

function subscribe(onChange: () => void) {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

// The snapshot must be stable between changes: one string, parsed by the hook.
const snapshot = () => `${window.innerWidth}x${window.innerHeight}`;
const serverSnapshot = () => '1280x800';

/** The window's inner size, updated on resize. */
export function useViewportSize(): ViewportSize {
  const text = useSyncExternalStore(subscribe, snapshot, serverSnapshot);
  const [width, height] = text.split('x').map(Number) as [number, number];
  return { width, height };
}
