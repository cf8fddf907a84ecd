import type { ReactNode } from 'react';

/** Both legal texts take effect on this date (doc 2 §2 Privacy and Terms). */
export const LEGAL_EFFECTIVE_DATE = '2025-10-04';
export const LEGAL_EFFECTIVE_LABEL = '4 October 2025';
export const SUPPORT_EMAIL = 'support@oneeta.app';

export interface LegalSection {
  /** The anchor of the section, linked from the table of contents. */
  id: string;
  title: string;
  body: ReactNode;
}

export interface LegalDocument {
  title: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
}
