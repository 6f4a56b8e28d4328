import { formatMoney, roundHalfAwayFromZero } from '../domain/money';
import { formatQuantity } from '../domain/quantity';

// Stock Value at Average Cost (issue 44, point 8): every item with stock on hand at the weighted
// average cost the receipts keep (items.costPriceCents, shared/domain/average-cost.ts), its value
// and the total, for the screen and its PDF alike.

export interface StockValueItem {
  id: string;
  itemName: string;
  barcode: string;
  categoryName: string | null;
  stockHundredths: number;
  /** The average cost; absent on a device that reads no costs (counted as 0). */
  costPriceCents?: number;
}

export interface StockValueLine extends StockValueItem {
  costPriceCents: number;
  valueCents: number;
}

/** Stock (in hundredths) × unit cost, to the cent, half away from zero: 2.5 at Rs. 0.99 is Rs. 2.48. */
export function stockValueCents(stockHundredths: number, costPriceCents: number): number {
  return roundHalfAwayFromZero((stockHundredths * costPriceCents) / 100);
}

/**
 * The items with stock above zero (none, and negative stock, is no value held), by value, largest
 * first, then by name; and the totals. Each line is rounded to the cent, and the total is their sum,
 * so the printed lines add up to the printed total.
 */
export function stockValueReport(items: readonly StockValueItem[]) {
  const lines: StockValueLine[] = [];
  let valueCents = 0;
  for (const item of items) {
    if (!(item.stockHundredths > 0)) continue;
    const costPriceCents = item.costPriceCents ?? 0;
    const line = { ...item, costPriceCents, valueCents: stockValueCents(item.stockHundredths, costPriceCents) };
    lines.push(line);
    valueCents += line.valueCents;
  }
  lines.sort((a, b) => b.valueCents - a.valueCents || a.itemName.localeCompare(b.itemName) || a.id.localeCompare(b.id));
  return { lines, totals: { items: lines.length, valueCents } };
}
export type StockValueReport = ReturnType<typeof stockValueReport>;

/** The PDF's table: every line, then the total. */
export function stockValueTable(report: StockValueReport): { columns: string[]; cells: string[][] } {
  return {
    columns: ['Item Name', 'Barcode', 'Category', 'Stock', 'Average Cost', 'Value'],
    cells: [
      ...report.lines.map((line) => [
        line.itemName,
        line.barcode,
        line.categoryName ?? 'N/A',
        formatQuantity(line.stockHundredths),
        formatMoney(line.costPriceCents),
        formatMoney(line.valueCents),
      ]),
      ['Total', '', '', '', '', formatMoney(report.totals.valueCents)],
    ],
  };
}
