import { useState } from 'react';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Pager } from '@/components/ui/pager';
import { toast } from '@/components/ui/toast-store';
import { formatMoney } from '@shared/domain/money';
import { formatQuantity } from '@shared/domain/quantity';
import { pageCount } from '@shared/domain/pagination';
import type { StockValueLine } from '@shared/reports/stock-value';
import { useStockValue } from './api/use-stock-value';
import { downloadStockValuePdf, stockValueTitle } from './api/download-stock-value-pdf';

const pageSize = 50;

const columns: Column<StockValueLine>[] = [
  { header: 'Item Name', primary: true, cell: (line) => line.itemName },
  { header: 'Barcode', className: 'mono nowrap', priority: 2, cell: (line) => line.barcode },
  { header: 'Category', priority: 3, cell: (line) => line.categoryName ?? 'N/A' },
  { header: 'Stock', className: 'num', cell: (line) => formatQuantity(line.stockHundredths) },
  { header: 'Average Cost', className: 'num nowrap', priority: 2, cell: (line) => formatMoney(line.costPriceCents) },
  { header: 'Value', className: 'num nowrap', cell: (line) => formatMoney(line.valueCents) },
];

/**
 * Stock value at average cost (issue 44, point 8): every item with stock on this device at the
 * weighted average cost its receipts keep, largest value first, 50 a page, the total above, and a
 * PDF of every line, offline too. Managers and Admins (`readCostPrices`): Staff's devices hold no costs.
 */
export function StockValuePage() {
  const result = useStockValue();
  const report = result?.report;
  const [page, setPage] = useState(1);
  const [progress, setProgress] = useState<number | null>(null);
  const lines = report?.lines;
  const shownPage = Math.min(page, pageCount(lines?.length ?? 0, pageSize));
  const rows = lines?.slice((shownPage - 1) * pageSize, shownPage * pageSize);

  async function download() {
    if (!report) return;
    setProgress(0);
    try {
      await downloadStockValuePdf(report, (done, total) => setProgress(total ? Math.round((done / total) * 100) : 100));
    } catch (error) {
      console.error('Stock value PDF', error);
      toast.error('The PDF could not be made. Please try again.');
    } finally {
      setProgress(null);
    }
  }

  const busy = progress !== null;
  return (
    <section className="page stock-value-page">
      <div className="page-header">
        <h1>{stockValueTitle}</h1>
        <div className="page-actions">
          <button type="button" className="btn btn-primary" disabled={!report?.lines.length || busy} aria-busy={busy} onClick={() => void download()}>
            {busy ? `Preparing PDF… ${progress}%` : 'Download PDF'}
          </button>
        </div>
      </div>
      <div className="panel">
        {report && (
          <dl className="aging-summary" aria-label="Totals">
            <div>
              <dt>Items in Stock</dt>
              <dd data-testid="stock-value-items">{report.totals.items}</dd>
            </div>
            <div>
              <dt>Stock Value</dt>
              <dd data-testid="stock-value-total">{formatMoney(report.totals.valueCents)}</dd>
            </div>
          </dl>
        )}
        <DataTable
          className="stock-value-table"
          columns={columns}
          rows={rows}
          rowKey={(line) => line.id}
          loadingText="Loading..."
          emptyText="No items in stock."
          errorText={result?.error ?? null}
        />
        {lines && lines.length > pageSize && <Pager page={shownPage} pageSize={pageSize} total={lines.length} onPage={setPage} />}
      </div>
    </section>
  );
}
