import { lowStockThreshold, lowStockTitle } from '@shared/reports/low-stock';
import { useLowStockItems } from './api/use-low-stock-items';
import { LowStockTable } from './components/low-stock-table';
import { ClientPdfButton } from './components/client-pdf-button';
import { ServerPdfButton } from './components/server-pdf-button';

/**
 * The Low Stock Report (spec 2.15): items below 2 on this device, live and offline, negative stock
 * marked; a PDF made here or by the server.
 */
export function LowStockPage() {
  const result = useLowStockItems();
  const rows = result?.rows;
  const negatives = rows?.filter((line) => line.stockHundredths < 0).length ?? 0;
  return (
    <section className="page low-stock-page">
      <div className="page-header">
        <h1>{lowStockTitle(lowStockThreshold)}</h1>
        <div className="page-actions">
          <ClientPdfButton rows={rows} />
          <ServerPdfButton />
        </div>
      </div>
      <div className="panel">
        {rows && (
          <p className="report-total" data-testid="low-stock-total">
            Total low stock items: <strong>{rows.length}</strong>
            {negatives > 0 && <span className="error-text"> · {negatives} with negative stock</span>}
          </p>
        )}
        <LowStockTable rows={rows} error={result?.error ?? null} />
      </div>
    </section>
  );
}
