import type { RowProblem } from '../plan/plan-types';
import { rawText } from './file-rows';
import type { TableFile } from './read-table';

/** The column the problems file adds; the import ignores it when the fixed file comes back. */
export const problemColumn = 'Import problem';

/**
 * A cell of a CSV meant for a spreadsheet: quoted when it must be, and a cell that starts with =, +,
 * - or @ kept from running as a formula by an apostrophe (which the import reads away again:
 * shared/import/read-cells.ts).
 */
export function csvCell(text: string): string {
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\r\n]|^\s|\s$/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const csvLine = (cells: readonly string[]) => cells.map(csvCell).join(',');

/**
 * The rows with problems as the file wrote them, under its header, each with its problem in a last
 * column (issue 43, point 4), in UTF-8 with a BOM so Excel opens Sinhala and Tamil as written. The
 * file is read again for them, so the dry run never kept a copy of every row.
 */
export async function problemRowsCsv(table: TableFile, headerIndex: number, headers: readonly string[], problems: readonly RowProblem[]): Promise<string> {
  const byRow = new Map(problems.map((problem) => [problem.row, problem]));
  const lines = [csvLine([...headers, problemColumn])];
  await table.readRows((rows, firstRow) => {
    rows.forEach((row, i) => {
      const problem = byRow.get(firstRow + i);
      if (!problem || firstRow + i <= headerIndex + 1) return;
      const cells = headers.map((_header, column) => rawText(row[column]));
      lines.push(csvLine([...cells, `Row ${problem.row}${problem.column ? `, ${problem.column}` : ''}: ${problem.message}`]));
    });
  });
  return `\ufeff${lines.join('\r\n')}\r\n`;
}
