import { useEffect } from 'react';
import { UI } from '../text';

/** Sets the tab title to "{title} · OneETA" (just "OneETA" without a title). */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${UI.brand}` : UI.brand;
  }, [title]);
}
