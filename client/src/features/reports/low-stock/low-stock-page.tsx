import { useSearchParams } from 'react-router-dom';
import { lowStockWords, parseView } from '@shared/reports/low-stock';
import { useLowStockItems } from './api/use-low-stock-items';
import { LowStockTable } from './components/low-stock-table';
import { ClientPdfButton } from './components/client-pdf-button';
import { ServerPdfButton } from './components/server-pdf-button';
import { ViewSwitch } from './components/view-switch';
import { OrderButton } from './components/order-button';
import { useSession } from '@/session/session-store';
import { can } from '@shared/domain/permissions';

/**
 * The Low Stock Report (spec 2.15): items below 2 on this device, live and offline, negative stock
 * marked; a PDF made here or by the server. `?view=reorder` is its 'Below reorder level' view, the
 * items the bell counts (issue 47).
 */
export function LowStockPage() {
  const [params] = useSearchParams();
  const parsed = parseView(params.get('view') ?? undefined);
  // An address changed by hand to an unknown view shows the spec's report.
  const view = parsed.ok ? parsed.view : 'threshold';
  const words = lowStockWords(view);
  const result = useLowStockItems(view);
  const mayOrder = can(
    useSession((state) => state.user?.role),
    'purchase',
  );
  const rows = result?.rows;
  const negatives = rows?.filter((line) => line.stockHundredths < 0).length ?? 0;
  return (
    <section className="page low-stock-page">
      <div className="page-header">
        <h1>{words.title}</h1>
        <div className="page-actions">
          <ClientPdfButton rows={rows} view={view} />
          <ServerPdfButton view={view} />
          {/* Issue 44: the items below their reorder level, ordered from their usual suppliers in one step. */}
          {mayOrder && view === 'reorder' && <OrderButton />}
        </div>
      </div>
      <ViewSwitch view={view} />
      <div className="panel">
        {rows && (
          <p className="report-total" data-testid="low-stock-total">
            {words.total}: <strong>{rows.length}</strong>
            {negatives > 0 && <span className="error-text"> · {negatives} with negative stock</span>}
          </p>
        )}
        <LowStockTable rows={rows} error={result?.error ?? null} />
      </div>
    </section>
  );
}
