import type { SyncedTable } from '../sync/tables';

export type Cell = string | number | null | undefined;

/** What a list's rows may look up beyond their own row: filled by the device before the rows are read. */
export interface ExportContext {
  /** Whether the reader may read cost prices (shared/sync/read-scope.ts): else no Cost Price column. */
  readsCosts: boolean;
  /** Today as YYYY-MM-DD in the shop's time zone (the due list's days past due). */
  today: string;
  categoryName: (id: string | null) => string;
  invoice: (id: string) => { invoiceNo: string; customerName: string } | undefined;
  item: (id: string) => { itemName: string; barcode: string } | undefined;
  /** A customer's phone as it is now (an invoice keeps the one it was printed with). */
  customerPhone: (id: string | null | undefined) => string | undefined;
}

/** The lookups a list needs before its rows: read whole by the device first. */
export type ExportLookup = 'categories' | 'customers' | 'invoices' | 'items';

/**
 * One exported list (issue 43): its file, its header (our forms' labels, the ones the import
 * matches), the table its rows come from, and how one stored row becomes lines of cells (none for a
 * row the list leaves out, several for a customer's vehicles).
 */
export interface ExportList<Row = Record<string, unknown>> {
  key: string;
  title: string;
  file: string;
  table: SyncedTable;
  lookups: readonly ExportLookup[];
  header: (context: ExportContext) => string[];
  lines: (row: Row, context: ExportContext) => Cell[][];
}

/** A list declared with its row type; the device reads rows of any table as records. */
export const exportList = <Row>(list: ExportList<Row>): ExportList => list as unknown as ExportList;
