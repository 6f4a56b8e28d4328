import { DataTable, type Column } from '@/components/ui/data-table';
import { formatMoney } from '@shared/domain/money';
import type { PurchasesReportRow } from '@shared/reports/purchases-report';
import { ReportFrame } from '../frame/report-frame';
import { useReportPeriod } from '../frame/use-report-period';
import { usePurchasesReport } from './api/use-purchases-report';
import { downloadPurchasesPdf, purchasesReportTitle } from './api/download-purchases-pdf';

const columns: Column<PurchasesReportRow>[] = [
  { header: 'Supplier', primary: true, cell: (row) => row.supplierName },
  { header: 'Deliveries', className: 'num', cell: (row) => row.deliveries },
  { header: 'Received at Cost', className: 'num nowrap', cell: (row) => formatMoney(row.receivedCents) },
  { header: 'Returned at Cost', className: 'num nowrap', cell: (row) => formatMoney(row.returnedCents) },
  { header: 'Net', className: 'num nowrap', cell: (row) => formatMoney(row.netCents) },
];

/** The table's last row: the period's totals. */
const totalKey = 'total';

/**
 * Purchases by supplier (issue 44, point 8): a period's deliveries counted in against purchase
 * orders, less what went back to the supplier, a row per supplier at cost, with the total and a PDF, from the device's own receipts,
 * offline too. Managers and Admins (`readCostPrices`): Staff's devices hold no costs.
 */
export function PurchasesReportPage() {
  const period = useReportPeriod();
  const { from, to } = period;
  const report = usePurchasesReport(from, to);
  const makePdf = report && report.rows.length > 0 ? () => downloadPurchasesPdf(report, from, to) : null;
  const rows = report && (report.rows.length > 0 ? [...report.rows, { key: totalKey, supplierName: 'Total', ...report.totals }] : []);

  return (
    <ReportFrame className="purchases-report-page" title={purchasesReportTitle} period={period} makePdf={makePdf}>
      {report && (
        <dl className="aging-summary" aria-label="Totals">
          <div>
            <dt>Deliveries</dt>
            <dd data-testid="purchases-report-deliveries">{report.totals.deliveries}</dd>
          </div>
          <div>
            <dt>Received at Cost</dt>
            <dd data-testid="purchases-report-received">{formatMoney(report.totals.receivedCents)}</dd>
          </div>
          <div>
            <dt>Returned at Cost</dt>
            <dd data-testid="purchases-report-returned">{formatMoney(report.totals.returnedCents)}</dd>
          </div>
          <div>
            <dt>Net Purchases</dt>
            <dd data-testid="purchases-report-net">{formatMoney(report.totals.netCents)}</dd>
          </div>
        </dl>
      )}
      <h2 className="report-section-title">By Supplier</h2>
      <DataTable className="purchases-by-supplier" columns={columns} rows={rows} rowKey={(row) => row.key} loadingText="Loading..." emptyText="No deliveries in this period." />
    </ReportFrame>
  );
}
