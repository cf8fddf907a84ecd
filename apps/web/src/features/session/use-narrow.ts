import { NARROW_LAYOUT_PX } from '@oneeta/contracts';
import { useSyncExternalStore } from 'react';

const query = `(max-width: ${NARROW_LAYOUT_PX - 0.02}px)`;

function subscribe(onChange: () => void) {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const list = window.matchMedia(query);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

const snapshot = () =>
  typeof window !== 'undefined' && !!window.matchMedia && window.matchMedia(query).matches;

/** Under NARROW_LAYOUT_PX (720 px) wide: the narrow layout of doc 1 §2. */
export function useNarrowLayout(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
