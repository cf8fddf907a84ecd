/**
 * Which in-app notifications this tab has shown (inbox-logic.ts `ShownMap`), shared by the shell's
 * inbox watcher (toasts) and the session page (banners). In memory: after a reload an unread
 * notification is a banner again on its session's page, since it was never dismissed.
 */
import type { ShownAs, ShownMap } from './inbox-logic';

let shown: ShownMap = new Map<string, ShownAs>();
const listeners = new Set<() => void>();

export function getShown(): ShownMap {
  return shown;
}

export function subscribeShown(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Records how these notifications were shown ('done' is final: never downgraded to 'banner'). */
export function markShown(ids: readonly string[], as: ShownAs): void {
  const next = new Map(shown);
  let changed = false;
  for (const id of ids) {
    const was = next.get(id);
    if (was === as || was === 'done') continue;
    next.set(id, as);
    changed = true;
  }
  if (!changed) return;
  shown = next;
  for (const listener of listeners) listener();
}

/** For tests. */
export function resetShown(): void {
  shown = new Map();
  for (const listener of listeners) listener();
}
