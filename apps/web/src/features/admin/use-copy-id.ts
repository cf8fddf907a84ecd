import { useCallback } from 'react';
import { copyText } from '../session/clipboard';
import { useToast } from '../toast';
import { COPIED_TOAST_MS } from './admin-logic';
import { ADMIN_SPEC } from './texts';

/** Copies an id and says 'Copied' for 2 s (doc 2 §9). */
export function useCopyId(): (id: string) => void {
  const toast = useToast();
  return useCallback(
    (id: string) => {
      void copyText(id).then((ok) => {
        if (ok) toast.success(ADMIN_SPEC.copied, COPIED_TOAST_MS);
      });
    },
    [toast],
  );
}
