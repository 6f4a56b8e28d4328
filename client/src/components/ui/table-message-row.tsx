import type { ReactNode } from 'react';

interface TableMessageRowProps {
  /** The table's column count: the message spans the whole row. */
  colSpan: number;
  children: ReactNode;
  /** Added to the cell's `empty` class, e.g. 'error-text'. */
  className?: string;
}

/** The one row a list table shows instead of data: 'Loading...', 'No … found.' or an error. */
export function TableMessageRow({ colSpan, children, className }: TableMessageRowProps) {
  return (
    <tr>
      <td colSpan={colSpan} className={className ? `empty ${className}` : 'empty'}>
        {children}
      </td>
    </tr>
  );
}
