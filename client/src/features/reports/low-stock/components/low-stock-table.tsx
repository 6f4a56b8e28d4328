import { DataTable, type Column } from '@/components/ui/data-table';
import { formatMoney } from '@shared/domain/money';
import { formatQuantity } from '@shared/domain/quantity';
import type { LowStockLine } from '@shared/reports/low-stock';

const negativeWarning = 'Negative stock: more was sold than was recorded in stock';

/** Negative stock is red with the word beside it (a touch screen has no hover, a screen reader no colour). */
function StockCell({ line }: { line: LowStockLine }) {
  if (line.stockHundredths >= 0) return <>{formatQuantity(line.stockHundredths)}</>;
  return (
    <>
      {formatQuantity(line.stockHundredths)} <span className="stock-badge">negative</span>
    </>
  );
}

/** The spec's columns (2.15); on a tablet the category and reorder level fold under the name. */
const columns: Column<LowStockLine>[] = [
  { header: 'Barcode', cell: (line) => line.barcode, className: 'mono nowrap', priority: 2 },
  { header: 'Item Name', cell: (line) => line.itemName, primary: true },
  { header: 'Category', cell: (line) => line.categoryName ?? 'N/A', priority: 3 },
  {
    header: 'Stock',
    cell: (line) => <StockCell line={line} />,
    className: 'num',
    cellClass: (line) => (line.stockHundredths < 0 ? 'stock-low' : undefined),
    title: (line) => (line.stockHundredths < 0 ? negativeWarning : undefined),
  },
  { header: 'Reorder Lvl', cell: (line) => line.reorderLevel, className: 'num', priority: 3 },
  { header: 'Unit Price', cell: (line) => formatMoney(line.unitPriceCents), className: 'num' },
];

interface LowStockTableProps {
  rows: LowStockLine[] | undefined;
  error: string | null;
}

export function LowStockTable({ rows, error }: LowStockTableProps) {
  return <DataTable className="low-stock-table" columns={columns} rows={rows} rowKey={(line) => line.id} loadingText="Loading…" emptyText="No low stock items" errorText={error} />;
}
