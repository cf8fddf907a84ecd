import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { checkAnswer } from '../../../api/contract-checks';
import { EMPTY_DRAFT, hasUnsavedChanges, type Draft } from './draft';

const storageKey = (id: string) => `oneeta:draft:${id}`;

function loadStored(id: string): Draft | null {
  try {
    const raw = localStorage.getItem(storageKey(id));
    if (!raw) return null;
    const value = JSON.parse(raw) as Record<string, unknown>;
    const stored = value.destination ?? null;
    const destination =
      stored === null
        ? { ok: true as const, value: null }
        : checkAnswer('destinationSchema', stored);
    if (!destination.ok) return null;
    const text = (x: unknown) => (typeof x === 'string' ? x : '');
    return {
      destination: destination.value,
      tzId: typeof value.tzId === 'string' ? value.tzId : null,
      dateStr: text(value.dateStr),
      timeStr: text(value.timeStr),
    };
  } catch {
    return null;
  }
}

function store(id: string, draft: Draft | null) {
  try {
    if (draft) localStorage.setItem(storageKey(id), JSON.stringify(draft));
    else localStorage.removeItem(storageKey(id));
  } catch {
    // the draft is a convenience only
  }
}

export interface DraftState {
  /** What the form shows: the edits while they differ from the saved copy, else the saved copy. */
  draft: Draft;
  /** Unsaved changes (doc 1 §4): 'Save changes' shows and the travel preview is stale. */
  dirty: boolean;
  patch: (changes: Partial<Draft>) => void;
  /** Drops the edits (after a save). */
  reset: () => void;
}

/**
 * The details form's draft, kept per session in localStorage (doc 1 §3 "per-session draft") so a
 * reload keeps unsaved edits; `saved` is the last saved copy (null for a session never saved).
 */
export function useDraft(id: string, saved: Draft | null): DraftState {
  const [edits, setEdits] = useState<Draft | null>(() => loadStored(id));
  const savedRef = useRef(saved);
  savedRef.current = saved;

  const dirty = edits !== null && hasUnsavedChanges(edits, saved);
  const draft = useMemo(
    () => (dirty && edits ? edits : (saved ?? edits ?? EMPTY_DRAFT)),
    [dirty, edits, saved],
  );

  useEffect(() => store(id, dirty ? edits : null), [id, dirty, edits]);

  const patch = useCallback((changes: Partial<Draft>) => {
    setEdits((current) => {
      const base =
        current && hasUnsavedChanges(current, savedRef.current)
          ? current
          : (savedRef.current ?? current ?? EMPTY_DRAFT);
      return { ...base, ...changes };
    });
  }, []);
  const reset = useCallback(() => setEdits(null), []);
  return { draft, dirty, patch, reset };
}
