import { useDeferredValue, useLayoutEffect, useRef, type ReactNode } from 'react';
import { TableMessageRow } from './table-message-row';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /**
   * How much the column matters on a narrow screen. 1 (the default) always shows. 4 folds into the
   * primary column's cell when the table has less than 1100 px, 3 less than 940 px, 2 less than 720 px.
   */
  priority?: 1 | 2 | 3 | 4;
  /** The column that names the row: folded columns are shown under its value. */
  primary?: boolean;
  /** For the cell and its header ('num', 'mono', 'nowrap'). */
  className?: string;
  /** A class for one row's cell ('stock-low'). */
  cellClass?: (row: T) => string | undefined;
  title?: (row: T) => string | undefined;
}

interface DataTableProps<T> {
  /** Names the table for styles and tests ('items-table'). */
  className: string;
  columns: Column<T>[];
  /** undefined while loading. */
  rows: T[] | undefined;
  rowKey: (row: T) => string;
  loadingText: string;
  emptyText: string;
  /** Shown instead of the rows when loading failed. */
  errorText?: string | null;
  /** The row's action buttons; the column is always shown, so the actions never leave the screen. */
  actions?: (row: T) => ReactNode;
  /** A row to show as just saved. */
  highlightId?: string | null;
  /**
   * New rows are drawn a screenful first, the rest in a render of their own right after (a long list's
   * search keystroke: issue 47, every Items keystroke under 50 ms). Their room is kept meanwhile, so
   * nothing below the table moves.
   */
  screenfulFirst?: boolean;
}

const priorityClass = (column: Column<unknown>) => `p${column.priority ?? 1}`;

/**
 * Every list's table (spec columns in the spec's order). On a tablet the less important columns
 * fold into the row's first line instead of pushing the actions off the screen or making the page
 * scroll sideways; the widths are the table's own (a container query), so it works whatever the
 * sidebar takes.
 */
export function DataTable<T>({ className, columns, rows, rowKey, loadingText, emptyText, errorText, actions, highlightId, screenfulFirst }: DataTableProps<T>) {
  const span = columns.length + (actions ? 1 : 0);
  const folded = columns.filter((column) => (column.priority ?? 1) > 1);
  // React renders the rows' new value at once and again, deferred, until the deferred one catches up:
  // the urgent render draws what the screen shows (the rows' measured height), the deferred one all.
  const deferred = useDeferredValue(rows);
  const body = useRef<HTMLTableSectionElement>(null);
  const rowHeight = useRef(48);
  const screenful = Math.ceil((typeof window === 'undefined' ? 800 : window.innerHeight) / rowHeight.current) + 1;
  // The same rows again (a keystroke that found what the last one found) are drawn whole: nothing moves.
  const changed = rows && deferred !== rows && !(deferred && deferred.length === rows.length && deferred.every((row, i) => rowKey(row) === rowKey(rows[i]!)));
  const shown = screenfulFirst && changed && rows.length > screenful ? rows.slice(0, screenful) : rows;
  useLayoutEffect(() => {
    // Measured once every row is drawn (a layout the paint needs anyway), for the next list's screenful.
    if (!screenfulFirst || shown !== rows || !rows?.length || !body.current) return;
    const height = body.current.getBoundingClientRect().height / rows.length;
    if (height > 0) rowHeight.current = height;
  });
  return (
    <table className={`table data-table ${className}`}>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.header} className={[priorityClass(column as Column<unknown>), column.className].filter(Boolean).join(' ')}>
              {column.header}
            </th>
          ))}
          {actions && <th className="actions-col">Actions</th>}
        </tr>
      </thead>
      <tbody ref={body}>
        {errorText ? (
          <TableMessageRow colSpan={span} className="error-text">
            {errorText}
          </TableMessageRow>
        ) : rows === undefined ? (
          <TableMessageRow colSpan={span}>{loadingText}</TableMessageRow>
        ) : rows.length === 0 ? (
          <TableMessageRow colSpan={span}>{emptyText}</TableMessageRow>
        ) : (
          shown!.map((row) => {
            const key = rowKey(row);
            return (
              <tr key={key} className={key === highlightId ? 'row-highlight' : undefined} data-row-id={key}>
                {columns.map((column) => (
                  <td
                    key={column.header}
                    className={[priorityClass(column as Column<unknown>), column.primary && 'primary', column.className, column.cellClass?.(row)].filter(Boolean).join(' ')}
                    title={column.title?.(row)}
                  >
                    {column.cell(row)}
                    {column.primary && folded.length > 0 && (
                      <dl className="folded">
                        {folded.map((fold) => {
                          const value = fold.cell(row);
                          // An empty value folds to nothing rather than to a bare 'Mechanic:'.
                          if (value === '' || value === null || value === undefined || value === false) return null;
                          return (
                            <div key={fold.header} className={`fold fold-${priorityClass(fold as Column<unknown>)}`}>
                              <dt>{fold.header}</dt>
                              <dd className={fold.className}>{value}</dd>
                            </div>
                          );
                        })}
                      </dl>
                    )}
                  </td>
                ))}
                {actions && <td className="actions-col">{actions(row)}</td>}
              </tr>
            );
          })
        )}
        {shown && rows && shown.length < rows.length && (
          <tr className="rows-to-come" aria-hidden="true">
            <td colSpan={span} style={{ height: (rows.length - shown.length) * rowHeight.current }} />
          </tr>
        )}
      </tbody>
    </table>
  );
}
