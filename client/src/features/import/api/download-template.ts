import { importColumns, type ImportKind } from '@shared/import/columns';
import { saveFile } from '@/lib/pdf/save-file';
import { csvLine } from '../read/problem-rows-csv';

export const templateNames: Record<ImportKind, string> = {
  customers: 'customers_template.csv',
  items: 'items_template.csv',
  services: 'services_template.csv',
  openingBalances: 'opening_balances_template.csv',
};

/** A kind's template: its columns headed by our form labels, in UTF-8 with a BOM so Excel keeps Sinhala and Tamil. */
export function templateCsv(kind: ImportKind): string {
  return `\ufeff${csvLine(importColumns[kind].map((column) => column.label))}\r\n`;
}

export function downloadTemplate(kind: ImportKind): void {
  saveFile(new TextEncoder().encode(templateCsv(kind)).buffer as ArrayBuffer, templateNames[kind], 'text/csv;charset=utf-8');
}

/** The rows with problems, as the worker wrote them, saved to fix and import again. */
export function downloadProblems(csv: string, kind: ImportKind): void {
  saveFile(new TextEncoder().encode(csv).buffer as ArrayBuffer, `${kind}_rows_with_problems.csv`, 'text/csv;charset=utf-8');
}
