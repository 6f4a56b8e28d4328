import { formatMoney } from '../domain/money';
import { formatQuantity } from '../domain/quantity';

// The Returns Report (issue 26): the returns of a period grouped by day, by reason or by item, with
// totals, for the screen and its PDF alike.

export const returnsGroupings = ['day', 'reason', 'item'] as const;
export type ReturnsGrouping = (typeof returnsGroupings)[number];
export const groupingLabels: Record<ReturnsGrouping, string> = { day: 'Day', reason: 'Reason', item: 'Item' };

export interface ReportCreditNote {
  id: string;
  /** The shop's day it was made on, YYYY-MM-DD (the caller turns the stored moment into a local day). */
  day: string;
  reason: string;
  /** Σ of its lines' totals: with the tax in them when the sale's prices included it. */
  subTotalCents: number;
  taxCents: number;
  /** What came back was worth, tax included. */
  totalCents: number;
  refundCents: number;
}

export interface ReportCreditNoteLine {
  creditNoteId: string;
  name: string;
  quantityHundredths: number;
  totalCents: number;
  taxCents: number;
}

export interface ReturnsReportRow {
  key: string;
  /** Credit notes in the group (for an item: the credit notes that returned it). */
  returns: number;
  quantityHundredths: number;
  /** What came back was worth before tax, its tax, and the two together: rows add up in every grouping (issue 47). */
  beforeTaxCents: number;
  taxCents: number;
  worthCents: number;
  /** Handed back; null for an item (a refund is the credit note's, not a line's). */
  refundCents: number | null;
}

/** The report's rows (days in order; reasons and items by worth, largest first) and its totals. */
export function returnsReport(notes: readonly ReportCreditNote[], lines: readonly ReportCreditNoteLine[], by: ReturnsGrouping) {
  const groups = new Map<string, ReturnsReportRow & { notes: Set<string> }>();
  const group = (key: string) => {
    let row = groups.get(key);
    if (!row)
      groups.set(key, (row = { key, returns: 0, quantityHundredths: 0, beforeTaxCents: 0, taxCents: 0, worthCents: 0, refundCents: by === 'item' ? null : 0, notes: new Set() }));
    return row;
  };
  const add = (row: ReturnsReportRow, worthCents: number, taxCents: number) => {
    row.worthCents += worthCents;
    row.taxCents += taxCents;
    row.beforeTaxCents += worthCents - taxCents;
  };
  const noteById = new Map(notes.map((note) => [note.id, note]));
  if (by === 'item') {
    for (const line of lines) {
      const note = noteById.get(line.creditNoteId);
      if (!note) continue;
      const row = group(line.name);
      row.notes.add(line.creditNoteId);
      row.quantityHundredths += line.quantityHundredths;
      // A line's total holds its tax when the sale's prices included it (its note's total is its
      // subtotal); otherwise the tax comes on top, as on the credit note.
      add(row, note.totalCents === note.subTotalCents ? line.totalCents : line.totalCents + line.taxCents, line.taxCents);
    }
  } else {
    const quantityOf = new Map<string, number>();
    for (const line of lines) quantityOf.set(line.creditNoteId, (quantityOf.get(line.creditNoteId) ?? 0) + line.quantityHundredths);
    for (const note of notes) {
      const row = group(by === 'day' ? note.day : note.reason);
      row.notes.add(note.id);
      row.quantityHundredths += quantityOf.get(note.id) ?? 0;
      add(row, note.totalCents, note.taxCents);
      row.refundCents! += note.refundCents;
    }
  }
  const rows: ReturnsReportRow[] = [...groups.values()].map(({ notes: inGroup, ...row }) => ({ ...row, returns: inGroup.size }));
  rows.sort(by === 'day' ? (a, b) => a.key.localeCompare(b.key) : (a, b) => b.worthCents - a.worthCents || a.key.localeCompare(b.key));
  const totals = {
    returns: notes.length,
    quantityHundredths: lines.filter((line) => noteById.has(line.creditNoteId)).reduce((sum, line) => sum + line.quantityHundredths, 0),
    beforeTaxCents: notes.reduce((sum, note) => sum + note.totalCents - note.taxCents, 0),
    taxCents: notes.reduce((sum, note) => sum + note.taxCents, 0),
    worthCents: notes.reduce((sum, note) => sum + note.totalCents, 0),
    refundCents: notes.reduce((sum, note) => sum + note.refundCents, 0),
  };
  return { rows, totals };
}

/** The report's columns and its rows as text, for the PDF (and the screen's cells). */
export function returnsReportTable(rows: readonly ReturnsReportRow[], by: ReturnsGrouping): { columns: string[]; cells: string[][] } {
  return {
    columns: [groupingLabels[by], 'Returns', 'Quantity', 'Before Tax', 'Tax', 'Worth', 'Refunded'],
    cells: rows.map((row) => [
      row.key,
      String(row.returns),
      formatQuantity(row.quantityHundredths),
      formatMoney(row.beforeTaxCents),
      formatMoney(row.taxCents),
      formatMoney(row.worthCents),
      row.refundCents === null ? '—' : formatMoney(row.refundCents),
    ]),
  };
}
