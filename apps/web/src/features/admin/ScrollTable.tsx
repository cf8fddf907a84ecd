import type { ReactNode } from 'react';

/** A table that scrolls sideways on narrow screens: a focusable, named region (keyboard scrolling). */
export function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="admin-table-scroll" role="region" aria-label={label} tabIndex={0}>
      <table className="admin-table">{children}</table>
    </div>
  );
}
