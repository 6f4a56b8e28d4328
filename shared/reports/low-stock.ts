import { formatMoney } from '../domain/money';
import { formatQuantity, toHundredths } from '../domain/quantity';
import { bounds, isBlank, strictNumber } from '../schemas/numbers';
import type { ReportPdfContent } from './report-pdf';

/**
 * The Low Stock Report's rules (spec 2.15, 9), for the device's screen and PDF and the server's
 * list and PDF alike: which items, in what order, and how they read on paper.
 */

/** Spec 9: a quantity below 2 counts as low. */
export const lowStockThreshold = 2;
export const lowStockPdfFileName = 'low_stock_items.pdf';
export const lowStockColumns = ['Barcode', 'Item Name', 'Category', 'Stock', 'Reorder Lvl', 'Unit Price'];

/** One listed item, whichever side read it. */
export interface LowStockLine {
  id: string;
  barcode: string;
  itemName: string;
  /** null when the item has no category, or its category was deleted (shown 'N/A'). */
  categoryName: string | null;
  stockHundredths: number;
  reorderLevel: number;
  unitPriceCents: number;
}

export const lowStockTitle = (threshold: number) => `Low Stock Items (Qty < ${threshold})`;
export const lowStockPdfTitle = (threshold: number) => `Low Stock Items Report (Qty < ${threshold})`;

/**
 * The report's two views (issue 47, major 6): the spec's, stock below a threshold (2), and 'Below
 * reorder level', each item below its own level or below zero (shared/domain/attention.ts's rule),
 * which the bell counts and opens. `?view=reorder` names the second on the screen and the routes.
 */
export type LowStockView = 'threshold' | 'reorder';
export const belowReorderView = 'reorder' satisfies LowStockView;

/** What a view says on screen and paper. */
export interface LowStockWords {
  title: string;
  pdfTitle: string;
  /** The count's words: 'Total low stock items: 5'. */
  total: string;
  fileName: string;
  /** The view switch's name for it. */
  tab: string;
}

export function lowStockWords(view: LowStockView, threshold = lowStockThreshold): LowStockWords {
  if (view === belowReorderView) {
    return {
      title: 'Low Stock Items (Below Reorder Level)',
      pdfTitle: 'Low Stock Items Report (Below Reorder Level)',
      total: 'Total items below reorder level',
      fileName: 'low_stock_items_below_reorder_level.pdf',
      tab: 'Below reorder level',
    };
  }
  return { title: lowStockTitle(threshold), pdfTitle: lowStockPdfTitle(threshold), total: 'Total low stock items', fileName: lowStockPdfFileName, tab: `Qty < ${threshold}` };
}

export type ViewResult = { ok: true; view: LowStockView } | { ok: false; message: string };

/** `?view=`: absent or blank is the spec's report; 'reorder' the reorder-level view; anything else is refused. */
export function parseView(text: string | undefined): ViewResult {
  if (isBlank(text)) return { ok: true, view: 'threshold' };
  if (text?.trim() === belowReorderView) return { ok: true, view: belowReorderView };
  return { ok: false, message: `view must be '${belowReorderView}' (items below their reorder level) or absent (stock below the threshold).` };
}

/** Lower case of ASCII letters only, as SQL's lower() does, so the device and the server order alike. */
const foldAscii = (text: string) => text.replace(/[A-Z]/g, (ch) => ch.toLowerCase());

/** The report's order: the emptiest first (negative stock on top), then by name, then by id. */
export function compareLowStock(a: LowStockLine, b: LowStockLine): number {
  if (a.stockHundredths !== b.stockHundredths) return a.stockHundredths - b.stockHundredths;
  const nameA = foldAscii(a.itemName);
  const nameB = foldAscii(b.itemName);
  if (nameA !== nameB) return nameA < nameB ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export type ThresholdResult = { ok: true; threshold: number; hundredths: number } | { ok: false; message: string };

/**
 * `?threshold=` of the report: absent or blank is the spec's 2; otherwise a plain decimal from 0
 * to the largest quantity ('abc', '-1', '1e3' are refused with a message naming it).
 */
export function parseThreshold(text: string | undefined): ThresholdResult {
  if (isBlank(text)) return { ok: true, threshold: lowStockThreshold, hundredths: toHundredths(lowStockThreshold) };
  const value = strictNumber(text);
  const max = bounds.quantity.max;
  if (value === null || value < 0 || value > max) {
    return { ok: false, message: `threshold must be a number from 0 to ${max.toLocaleString('en-US')} (the stock below which an item is listed).` };
  }
  const hundredths = toHundredths(value);
  return { ok: true, threshold: hundredths / 100, hundredths };
}

/** The Stock cell as printed: negative stock says so in words too, for a black-and-white printer. */
export function lowStockStockText(stockHundredths: number): string {
  return stockHundredths < 0 ? `${formatQuantity(stockHundredths)} (negative)` : formatQuantity(stockHundredths);
}

/** The PDF's content (the layout is report-pdf.ts's): the view's title, the spec's columns, negative rows marked. */
export function lowStockPdfContent(lines: readonly LowStockLine[], generatedAt: Date, words: LowStockWords = lowStockWords('threshold')): ReportPdfContent {
  const negatives = lines.filter((line) => line.stockHundredths < 0).length;
  const notes = [`${words.total}: ${lines.length}`];
  if (negatives > 0) notes.push(`Negative stock (more sold than recorded): ${negatives}, shown in red`);
  return {
    title: words.pdfTitle,
    notes,
    generatedAt,
    columns: lowStockColumns,
    rows: lines.map((line) => [
      line.barcode,
      line.itemName,
      line.categoryName ?? 'N/A',
      lowStockStockText(line.stockHundredths),
      String(line.reorderLevel),
      formatMoney(line.unitPriceCents),
    ]),
    numericColumns: [3, 4, 5],
    markedRows: new Set(lines.flatMap((line, index) => (line.stockHundredths < 0 ? [index] : []))),
  };
}
