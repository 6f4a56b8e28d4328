import { readDayCell, readNumberCell, readTextCell } from '@shared/import/read-cells';
import { headerKey } from '@shared/import/match-columns';
import type { CellKind, ImportColumn } from '@shared/import/columns';
import type { FileRow } from '../plan/plan-types';

const readers: Record<CellKind, (cell: unknown) => unknown> = { text: readTextCell, number: readNumberCell, day: readDayCell };
const isBlankRow = (row: readonly unknown[]) => row.every((cell) => readTextCell(cell) === undefined);

/** How many rows a file may have above its header (a title, a date, a blank line). */
const rowsBeforeHeader = 10;

/**
 * The index of the header row: the first of the first rows that names one of the kind's columns,
 * so a sheet with a title above its table is read from its table; else the first row with text, for
 * the user to map.
 */
export function findHeader(rows: readonly (readonly unknown[])[], columns: readonly ImportColumn[]): number {
  const names = new Set(columns.flatMap((column) => [column.label, ...column.aliases].map(headerKey)));
  const candidates = rows.slice(0, rowsBeforeHeader);
  const named = candidates.findIndex((row) => row.some((cell) => names.has(headerKey(readTextCell(cell) ?? ''))));
  return named >= 0 ? named : candidates.findIndex((row) => !isBlankRow(row));
}

/** A cell as the problems file writes it back: text as it was, a spreadsheet's number or date as it shows. */
export const rawText = (cell: unknown) => (typeof cell === 'string' ? cell : (readTextCell(cell) ?? ''));

/**
 * A chunk of data rows as the dry run takes them: each matched column's cell read as its column
 * reads it (amounts, days, text), blank cells left out, blank rows skipped; `firstRow` is the
 * spreadsheet row of the first, so every row keeps the number the user sees.
 */
export function fileRowsOf(rows: readonly (readonly unknown[])[], firstRow: number, columns: readonly ImportColumn[], byKey: Readonly<Record<string, number>>): FileRow[] {
  const matched = columns.filter((column) => column.key in byKey);
  const read: FileRow[] = [];
  rows.forEach((row, i) => {
    if (isBlankRow(row)) return;
    const cells: Record<string, unknown> = {};
    for (const column of matched) {
      const value = readers[column.cell](row[byKey[column.key]!]);
      if (value !== undefined) cells[column.key] = value;
    }
    read.push({ row: firstRow + i, cells });
  });
  return read;
}
