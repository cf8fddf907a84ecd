import { NARROW_LAYOUT_PX } from '@oneeta/contracts';
import { useSyncExternalStore } from 'react';

/** "Narrow screens" are under NARROW_LAYOUT_PX (720 px) wide (doc 1 §9). */
export const NARROW_QUERY = `(max-width: ${NARROW_LAYOUT_PX - 0.02}px)`;

function subscribe(onChange: () => void) {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const list = window.matchMedia(NARROW_QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

const snapshot = () =>
  typeof window !== 'undefined' && !!window.matchMedia && window.matchMedia(NARROW_QUERY).matches;

/**
 * Under NARROW_LAYOUT_PX (720 px) wide: the narrow layout of doc 1 §2 (the session page stacks, the
 * arrival panel's details dialog is a bottom sheet).
 */
export function useNarrowLayout(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
