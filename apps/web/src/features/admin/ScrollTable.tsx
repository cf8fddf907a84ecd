import type { ReactNode } from 'react';

/** A column heading; `num` ones are right-aligned like their numbers. */
export type Column = string | { label: string; num: true };
export const num = (label: string): Column => ({ label, num: true });

/**
 * A table that scrolls sideways on narrow screens: a focusable, named region (keyboard scrolling).
 * `columns` writes its header row; a table with richer headings writes its own `<thead>`.
 */
export function ScrollTable({
  label,
  columns,
  children,
}: {
  label: string;
  columns?: readonly Column[];
  children: ReactNode;
}) {
  return (
    <div className="admin-table-scroll" role="region" aria-label={label} tabIndex={0}>
      <table className="admin-table">
        {columns && (
          <thead>
            <tr>
              {columns.map((column) =>
                typeof column === 'string' ? (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ) : (
                  <th key={column.label} scope="col" className="num">
                    {column.label}
                  </th>
                ),
              )}
            </tr>
          </thead>
        )}
        {children}
      </table>
    </div>
  );
}
